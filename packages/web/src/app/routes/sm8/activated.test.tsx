// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render.tsx';
import { Sm8ActivatedRoute } from './activated.tsx';

describe('/sm8/activated', () => {
  it('leads a newly connected account to its first automations, with the dashboard second', () => {
    renderWithProviders(<Sm8ActivatedRoute />);
    expect(screen.getByRole('link', { name: 'Pick your first automations' }).getAttribute('href')).toBe(
      '/app/automation/onboarding',
    );
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/app/dashboard');
  });
});
