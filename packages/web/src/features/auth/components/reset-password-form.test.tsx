// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

const LINK = { token: 'emailed-token', userId: '2d8f1f5e-7f8a-4b0c-9a59-6c1a3c1f2b10' };
const NOT_VALID = 'This link is not valid. Ask for a new link with "Forgot password" on the sign-in page.';

let fetchStub: ReturnType<typeof stubFetch> | undefined;
afterEach(() => fetchStub?.restore());

function openLink(answer: { status: number; body: unknown }) {
  fetchStub = stubFetch(({ method, url }) =>
    method === 'POST' && url.pathname === '/api/Auth/password/reset/check' ? answer : undefined,
  );
  renderWithProviders(<ResetPasswordForm link={LINK} />);
  return fetchStub;
}

describe('choosing a new password from the emailed link', () => {
  it('checks the link when the page opens, and offers the form for one that works', async () => {
    const stub = openLink({ status: 200, body: { success: true, data: null } });
    expect(screen.getByRole('status').textContent).toBe('Checking your link…');
    const form = await screen.findByRole('form', { name: 'Choose a new password' });
    expect(within(form).getByLabelText(/^New password/)).toBeTruthy();
    expect(stub.calls.map((call) => [call.method, call.url.pathname, call.body])).toEqual([
      ['POST', '/api/Auth/password/reset/check', LINK],
    ]);
  });

  it('says a bad link is bad at once, without a form to fill in, and leads to a new one', async () => {
    openLink({ status: 400, body: { success: false, code: 'BAD_REQUEST', message: NOT_VALID } });
    expect((await screen.findByTestId('reset-error')).textContent).toBe(NOT_VALID);
    expect(screen.queryByRole('form', { name: 'Choose a new password' })).toBeNull();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/auth/reset');
  });
});
