// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { write } from '@/testing/write.ts';
import { LoginForm } from './login-form.tsx';

const user = userEvent.setup({ delay: null });

const WRONG_CREDENTIALS = 'That email and password do not match an account. Check both and try again.';
const NOT_CONFIRMED =
  'Please confirm your email address first: open the link we sent to pat@example.com. You can ask for a new link below.';
const NEW_LINK_SENT = 'If that address needs confirming, a new link is on its way.';

let fetchStub: ReturnType<typeof stubFetch> | undefined;
afterEach(() => fetchStub?.restore());

/** The sign-in page's form at /auth/login, with the server answering a sign-in with `refusal`. */
function openSignIn(refusal: { status: number; body: unknown }) {
  fetchStub = stubFetch(({ method, url }) => {
    if (method === 'POST' && url.pathname === '/api/Auth/login') return refusal;
    if (method === 'POST' && url.pathname === '/api/Auth/verify/resend')
      return { status: 200, body: { success: true, data: null, message: NEW_LINK_SENT } };
    return undefined;
  });
  const onSignedIn = vi.fn();
  const { router } = renderAsRoute(<LoginForm onSignedIn={onSignedIn} />, { path: '/auth/login', at: '/auth/login' });
  return { onSignedIn, router, stub: fetchStub };
}

async function signIn(email: string, password: string) {
  await write(user, screen.getByRole('textbox', { name: 'Email' }), email);
  await write(user, screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in form', () => {
  it('offers Sign in with ServiceM8, a link to the server’s ServiceM8 sign-in', () => {
    openSignIn({ status: 500, body: {} });
    expect(screen.getByRole('link', { name: 'Sign in with ServiceM8' }).getAttribute('href')).toBe(
      '/api/Auth/login/servicem8',
    );
  });

  it('shows the server’s message for wrong credentials and stays on /auth/login', async () => {
    const { onSignedIn, router, stub } = openSignIn({
      status: 401,
      body: { success: false, code: 'UNAUTHENTICATED', message: WRONG_CREDENTIALS },
    });
    await signIn('demo-admin@automate.local', 'not-the-password-1');
    expect((await screen.findByTestId('login-error')).textContent).toBe(WRONG_CREDENTIALS);
    expect(stub.calls.find((call) => call.url.pathname === '/api/Auth/login')?.body).toEqual({
      email: 'demo-admin@automate.local',
      password: 'not-the-password-1',
    });
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });

  it('refuses an unconfirmed address with the server’s sentence and offers a new link', async () => {
    const { onSignedIn, stub } = openSignIn({
      status: 403,
      body: { success: false, code: 'EMAIL_NOT_VERIFIED', message: NOT_CONFIRMED },
    });
    await signIn('pat@example.com', 'pipes-and-drains-42');
    expect((await screen.findByTestId('login-error')).textContent).toBe(NOT_CONFIRMED);
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(within(await screen.findByRole('status')).getByText(NEW_LINK_SENT)).toBeTruthy();
    expect(stub.calls.find((call) => call.url.pathname === '/api/Auth/verify/resend')?.body).toEqual({
      email: 'pat@example.com',
    });
  });
});
