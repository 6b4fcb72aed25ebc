// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyStyles } from '@/testing/styles.ts';
import { FeedbackDialog } from './feedback-dialog.tsx';

const user = userEvent.setup({ delay: null });

const FORM = 'https://forms.example.com/automate-feedback';

describe('the feedback dialog', () => {
  // Its width is the test's subject, and CSS decides it.
  applyStyles();

  it('is at most 800 px wide and embeds the configured form', async () => {
    const onClose = vi.fn();
    render(<FeedbackDialog open formUrl={FORM} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Feedback' });
    expect(getComputedStyle(dialog).maxWidth).toBe('800px');
    expect(screen.getByTitle('Feedback form').getAttribute('src')).toBe(FORM);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
