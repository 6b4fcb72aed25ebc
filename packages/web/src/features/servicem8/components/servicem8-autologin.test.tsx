// @vitest-environment happy-dom
import { configure, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { makeUser } from '@/testing/sessions.ts';
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
              data: { outcome: 'SignedIn', session: user, vendorId: null, vendorName: null, linked: true },
            },
          }
        : undefined,
    );
    const onSignedIn = vi.fn();
    renderWithProviders(
      // Strict mode runs effects twice: the code must still be sent once, as a second use fails.
      <StrictMode>
        <Servicem8Autologin
          credential={{ kind: 'code', value: 'one-time-code' }}
          onSignedIn={onSignedIn}
          onPasswordSignIn={vi.fn()}
          onLinked={vi.fn()}
        />
      </StrictMode>,
    );
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
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
    renderWithProviders(
      <Servicem8Autologin
        credential={{ kind: 'code', value: 'used-code' }}
        onSignedIn={vi.fn()}
        onPasswordSignIn={vi.fn()}
        onLinked={vi.fn()}
      />,
    );
    expect((await screen.findByTestId('autologin-error')).textContent).toBe(
      'This ServiceM8 link is not valid or has expired. Open Automate from ServiceM8 again.',
    );
  });
});
