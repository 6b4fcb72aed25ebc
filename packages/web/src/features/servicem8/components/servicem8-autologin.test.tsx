// @vitest-environment happy-dom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { makeUser, VENDOR_A } from '@/testing/sessions.ts';
import { Servicem8Autologin } from './servicem8-autologin.tsx';

configure({ asyncUtilTimeout: 5_000 });

let fetchStub: ReturnType<typeof stubFetch> | undefined;
afterEach(() => fetchStub?.restore());

const CODE_PATH = '/api/Auth/servicem8/addon/code';

describe('opening Automate from ServiceM8’s add-on window', () => {
  it('sends the one-time code once, by POST, and hands the session on', async () => {
    const user = makeUser({ email: 'olivia@example.com' });
    fetchStub = stubFetch(({ url }) =>
      url.pathname === CODE_PATH
        ? {
            status: 200,
            body: {
              success: true,
              data: { outcome: 'SignedIn', session: user, vendorId: VENDOR_A.vendorId, vendorName: VENDOR_A.name },
            },
          }
        : undefined,
    );
    const onSignedIn = vi.fn();
    renderWithProviders(
      // Strict mode runs effects twice: the code must still be sent once, as a second use fails.
      <StrictMode>
        <Servicem8Autologin credential={{ kind: 'code', value: 'one-time-code' }} onSignedIn={onSignedIn} />
      </StrictMode>,
    );
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ session: user })));
    const sent = fetchStub.calls.filter((call) => call.url.pathname === CODE_PATH);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', body: { code: 'one-time-code' } });
    expect(sent[0]?.url.search).toBe('');
  });

  it('says so when the code was used or ran out', async () => {
    fetchStub = stubFetch(({ url }) =>
      url.pathname === CODE_PATH
        ? {
            status: 401,
            body: {
              success: false,
              code: 'UNAUTHENTICATED',
              message: 'This ServiceM8 link is not valid or has expired. Open Automate from ServiceM8 again.',
            },
          }
        : undefined,
    );
    renderWithProviders(<Servicem8Autologin credential={{ kind: 'code', value: 'used-code' }} onSignedIn={vi.fn()} />);
    expect((await screen.findByTestId('autologin-error')).textContent).toBe(
      'This ServiceM8 link is not valid or has expired. Open Automate from ServiceM8 again.',
    );
  });

  it('a login nobody linked yet: links it with the password typed here, showing whose login it is', async () => {
    const user = makeUser({ email: 'sam@example.com' });
    fetchStub = stubFetch(({ url }) => {
      if (url.pathname === CODE_PATH) {
        return {
          status: 200,
          body: {
            success: true,
            data: {
              outcome: 'LinkNeeded',
              claim: 'claim-1',
              accountName: 'Harbour Plumbing & Gas',
              staffName: 'Sam Nguyen',
              vendorName: VENDOR_A.name,
              staffMayJoin: false,
            },
          },
        };
      }
      if (url.pathname === '/api/Auth/servicem8/link') {
        return {
          status: 200,
          body: {
            success: true,
            data: { outcome: 'SignedIn', session: user, vendorId: VENDOR_A.vendorId, vendorName: VENDOR_A.name },
          },
        };
      }
      return undefined;
    });
    const onSignedIn = vi.fn();
    renderWithProviders(<Servicem8Autologin credential={{ kind: 'code', value: 'code-2' }} onSignedIn={onSignedIn} />);
    await screen.findByText(/Only do this if you opened Automate from ServiceM8 yourself/);
    expect(screen.getByText('Sam Nguyen')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Sign in to Automate to link' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Email/ }), { target: { value: 'sam@example.com' } });
    fireEvent.change(within(form).getByLabelText(/Password/), { target: { value: 'correct-horse-42' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Link and sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ session: user })));
    expect(fetchStub.calls.find((call) => call.url.pathname === '/api/Auth/servicem8/link')?.body).toEqual({
      claim: 'claim-1',
      proof: { kind: 'password', email: 'sam@example.com', password: 'correct-horse-42' },
    });
  });
});
