// @vitest-environment happy-dom
import { act, configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { makeUser, VENDOR_A } from '@/testing/sessions.ts';
import { ActivateAccount } from './activate-account.tsx';

configure({ asyncUtilTimeout: 5_000 });

const ACCOUNT = '4b1d7c2e-0000-4000-8000-000000000001';
const NEW_VENDOR = '55555555-5555-4555-8555-555555555555';
const OWNER = { email: 'olivia@example.com', firstName: 'Olivia', lastName: 'Harper' };
const candidates = (targets: Array<{ vendorId: string; name: string }>) => ({
  success: true,
  data: {
    staff: OWNER,
    accounts: [{ accountUuid: ACCOUNT, name: 'Harbour Plumbing', vendorId: null, connected: false }],
    targets,
    expiresAt: '2030-01-01T00:00:00.000Z',
  },
});
const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, message } });

let fetchStub: ReturnType<typeof stubFetch> | undefined;
afterEach(() => fetchStub?.restore());

describe('activating a ServiceM8 account', () => {
  it('asks for proof when an Automate account already uses the owner’s email, and can email a link', async () => {
    fetchStub = stubFetch(({ url }) => {
      if (url.pathname === '/api/Auth/servicem8/vendors') return { status: 200, body: candidates([]) };
      if (url.pathname === '/api/Auth/servicem8/complete') {
        return ok({
          outcome: 'SignInNeeded',
          reason: 'An Automate account already uses olivia@example.com.',
          email: OWNER.email,
          claim: 'claim-1',
        });
      }
      if (url.pathname === '/api/Auth/servicem8/link/email') return ok(null, 'We emailed olivia@example.com a link.');
      return undefined;
    });
    const onSignedIn = vi.fn();
    renderWithProviders(
      <ActivateAccount
        connection="c-1"
        error={null}
        signedInAs={null}
        onSignedIn={onSignedIn}
        onPasswordSignIn={vi.fn()}
      />,
    );
    await screen.findByText(/Signed in to ServiceM8 as/);
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));

    await screen.findByText('An Automate account already uses olivia@example.com.');
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(email).toHaveProperty('value', OWNER.email);
    expect(email).toHaveProperty('readOnly', true);
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link instead' }));
    await screen.findByText('We emailed olivia@example.com a link.');
    expect(fetchStub.calls.find((call) => call.url.pathname === '/api/Auth/servicem8/link/email')?.body).toEqual({
      claim: 'claim-1',
    });
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('links after a password sign-in, once the person confirms who is linked to whom', async () => {
    const user = makeUser({ email: OWNER.email });
    fetchStub = stubFetch(({ url }) => {
      if (url.pathname === '/api/Auth/servicem8/vendors') return { status: 200, body: candidates([]) };
      if (url.pathname === '/api/Auth/servicem8/complete') {
        return ok({ outcome: 'SignInNeeded', reason: 'Prove it.', email: OWNER.email, claim: 'claim-2' });
      }
      if (url.pathname === '/api/Auth/login') return ok(user);
      if (url.pathname === '/api/Auth/servicem8/link' && url.search === '') {
        return ok({
          outcome: 'SignedIn',
          session: user,
          vendorId: NEW_VENDOR,
          vendorName: 'Harbour Plumbing',
          linked: true,
        });
      }
      if (url.pathname === '/api/Auth/servicem8/link') {
        return ok({
          accountName: 'Harbour Plumbing',
          staff: OWNER,
          vendorName: null,
          expiresAt: '2030-01-01T00:00:00.000Z',
        });
      }
      return undefined;
    });
    const onSignedIn = vi.fn();
    const onPasswordSignIn = vi.fn();
    renderWithProviders(
      <ActivateAccount
        connection="c-2"
        error={null}
        signedInAs={null}
        onSignedIn={onSignedIn}
        onPasswordSignIn={onPasswordSignIn}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    await screen.findByText('Prove it.');
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'correct-horse-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByText(/staff of the ServiceM8 account/);
    expect(onPasswordSignIn).toHaveBeenCalledWith(user);
    expect(screen.getByText(/your Automate account olivia@example.com/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link and continue' })));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ vendorId: NEW_VENDOR })));
    expect(
      fetchStub.calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/Auth/servicem8/link')?.body,
    ).toEqual({
      claim: 'claim-2',
    });
  });

  it('keeps a signed-in person signed in as themselves and connects the business they choose', async () => {
    const user = makeUser();
    fetchStub = stubFetch(({ url }) => {
      if (url.pathname === '/api/Auth/servicem8/vendors') {
        return { status: 200, body: candidates([{ vendorId: VENDOR_A.vendorId, name: VENDOR_A.name }]) };
      }
      if (url.pathname === '/api/Auth/servicem8/complete') {
        return ok({
          outcome: 'SignedIn',
          session: user,
          vendorId: VENDOR_A.vendorId,
          vendorName: VENDOR_A.name,
          linked: false,
        });
      }
      return undefined;
    });
    const onSignedIn = vi.fn();
    renderWithProviders(
      <ActivateAccount
        connection="c-3"
        error={null}
        signedInAs={user}
        onSignedIn={onSignedIn}
        onPasswordSignIn={vi.fn()}
      />,
    );
    await screen.findByText(/Connecting does not change who is signed in/);
    expect(screen.getByRole('radio', { name: VENDOR_A.name })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'A new business named Harbour Plumbing' }));
    fireEvent.click(screen.getByRole('radio', { name: VENDOR_A.name }));
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(fetchStub.calls.find((call) => call.url.pathname === '/api/Auth/servicem8/complete')?.body).toEqual({
      connection: 'c-3',
      accountUuid: ACCOUNT,
      vendorId: VENDOR_A.vendorId,
    });
  });
});
