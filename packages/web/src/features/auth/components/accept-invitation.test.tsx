// @vitest-environment happy-dom
import { configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { makeUser, VENDOR_A } from '@/testing/sessions.ts';
import { AcceptInvitation } from './accept-invitation.tsx';

configure({ asyncUtilTimeout: 5_000 });

const summary = (hasAccount: boolean) => ({
  success: true,
  data: {
    email: 'nina@example.com',
    vendorId: VENDOR_A.vendorId,
    vendorName: 'Golf Glazing',
    inviterName: 'Ada Admin',
    role: 'User',
    expiresAt: '2030-01-01T00:00:00.000Z',
    hasAccount,
  },
});

let fetchStub: ReturnType<typeof stubFetch> | undefined;
afterEach(() => fetchStub?.restore());

describe('accepting an invitation', () => {
  it('lets a new address create its account and join, and checks the repeated password', async () => {
    const user = makeUser({ email: 'nina@example.com' });
    fetchStub = stubFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/Auth/invitation/tok-1')
        return { status: 200, body: summary(false) };
      if (url.pathname === '/api/Auth/invitation/accept') return { status: 200, body: { success: true, data: user } };
      return undefined;
    });
    const onAccepted = vi.fn();
    renderWithProviders(
      <AcceptInvitation token="tok-1" signedInAs={null} onSignedIn={vi.fn()} onAccepted={onAccepted} />,
    );
    await screen.findByText(/invited/);
    expect(screen.getByText('Golf Glazing')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Nina' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'New' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'glazing-pass-1' } });
    fireEvent.change(screen.getByLabelText(/Repeat the password/), { target: { value: 'glazing-pass-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    await screen.findByText('The two passwords differ.');
    expect(onAccepted).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Repeat the password/), { target: { value: 'glazing-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    await vi.waitFor(() => expect(onAccepted).toHaveBeenCalledWith(user, VENDOR_A.vendorId));
    expect(fetchStub.calls.find((call) => call.url.pathname === '/api/Auth/invitation/accept')?.body).toEqual({
      token: 'tok-1',
      firstName: 'Nina',
      lastName: 'New',
      password: 'glazing-pass-1',
    });
  });

  it('asks an address with an account to sign in as it, then accepts signed in', async () => {
    fetchStub = stubFetch(({ url }) =>
      url.pathname === '/api/Auth/invitation/tok-2' ? { status: 200, body: summary(true) } : undefined,
    );
    const other = makeUser({ email: 'someone-else@example.com' });
    const { unmount } = renderWithProviders(
      <AcceptInvitation token="tok-2" signedInAs={other} onSignedIn={vi.fn()} onAccepted={vi.fn()} />,
    );
    await screen.findByText('You are signed in as someone-else@example.com. Sign in as nina@example.com to accept.');
    unmount();

    renderWithProviders(
      <AcceptInvitation
        token="tok-2"
        signedInAs={makeUser({ email: 'Nina@example.com' })}
        onSignedIn={vi.fn()}
        onAccepted={vi.fn()}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Accept and join Golf Glazing' })).toBeTruthy();
  });
});
