// @vitest-environment happy-dom
import type { VendorMembership } from '@automate/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '@/lib/session/session.ts';
import { createSessionStore } from '@/lib/session/session-store.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { makeUser, memoryStorage, VENDOR_A, VENDOR_B } from '@/testing/sessions.ts';
import { Sm8ActivatedRoute } from './activated.tsx';

function renderFor(vendor: VendorMembership | null) {
  const store = createSessionStore(memoryStorage());
  if (vendor) store.login(makeUser({ vendors: [vendor] }));
  renderWithProviders(
    <SessionProvider store={store}>
      <Sm8ActivatedRoute />
    </SessionProvider>,
  );
}

describe('/sm8/activated', () => {
  it('leads a newly connected account to its first automations, with the dashboard second', () => {
    renderFor(VENDOR_A);
    expect(screen.getByRole('status').textContent).toBe('Alpha Plumbing is connected to Automate.');
    expect(screen.getByRole('link', { name: 'Pick your first automations' }).getAttribute('href')).toBe(
      '/app/automation/onboarding',
    );
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/app/dashboard');
  });

  it('claims nothing to someone signed out, and offers the sign-in', () => {
    renderFor(null);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in to see your connection');
    expect(screen.queryByText(/ is connected to /)).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
  });

  it('says a business that is not connected is not', () => {
    renderFor({ ...VENDOR_B, role: 'Admin' });
    expect(screen.getByRole('status').textContent).toBe('Bravo Electrical is not connected to ServiceM8 yet.');
    expect(screen.getByRole('link', { name: 'Connect ServiceM8' }).getAttribute('href')).toBe(
      '/api/Auth/login/servicem8',
    );
  });
});
