// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mainContentProps, SkipLink } from './skip-link.tsx';

const user = userEvent.setup({ delay: null });

describe('SkipLink', () => {
  it('is the first stop of the keyboard and moves focus to the main region, past the navigation', async () => {
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/app/dashboard">Dashboard</a>
        </nav>
        <main {...mainContentProps}>
          <h1>Automations</h1>
        </main>
      </>,
    );
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
