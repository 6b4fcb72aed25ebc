// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { VerifyEmail } from './verify-email.tsx';

const LINK = { token: 'emailed-token', userId: '2d8f1f5e-7f8a-4b0c-9a59-6c1a3c1f2b10' };
const CONFIRMED = 'Your email address is confirmed. You can sign in now.';
const USED =
  'This link has already been used. If your email address is not confirmed yet, ask for a new link on the sign-in page.';

let fetchStub: ReturnType<typeof stubFetch> | undefined;
afterEach(() => fetchStub?.restore());

function openLink(answer: { status: number; body: unknown }) {
  fetchStub = stubFetch(({ method, url }) =>
    method === 'POST' && url.pathname === '/api/Auth/verify' ? answer : undefined,
  );
  renderWithProviders(<VerifyEmail link={LINK} />);
  return fetchStub;
}

describe('confirming an email address from its link', () => {
  it('sends the link once, then shows the server’s sentence and the way to sign in', async () => {
    const stub = openLink({ status: 200, body: { success: true, data: null, message: CONFIRMED } });
    expect(screen.getByText('Confirming your email address…')).toBeTruthy();
    expect((await screen.findByTestId('verify-success')).textContent).toBe(CONFIRMED);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    expect(stub.calls.map((call) => [call.method, call.url.pathname, call.body])).toEqual([
      ['POST', '/api/Auth/verify', LINK],
    ]);
  });

  it('shows why a link cannot be used and offers a new one', async () => {
    openLink({ status: 400, body: { success: false, code: 'BAD_REQUEST', message: USED } });
    expect((await screen.findByTestId('verify-error')).textContent).toBe(USED);
    const resend = screen.getByRole('form', { name: 'Send a new confirmation link' });
    expect(within(resend).getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(within(resend).getByRole('button', { name: 'Send a new link' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});
