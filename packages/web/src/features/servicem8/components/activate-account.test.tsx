// @vitest-environment happy-dom
import { configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { makeUser, VENDOR_A } from '@/testing/sessions.ts';
import { ActivateAccount } from './activate-account.tsx';

configure({ asyncUtilTimeout: 5_000 });

const ACCOUNT = '4b1d7c2e-0000-4000-8000-000000000001';
const candidates = (rest: { connectedTo?: unknown; targets?: Array<{ vendorId: string; name: string }> } = {}) => ({
  success: true,
  data: {
    accountUuid: ACCOUNT,
    accountName: 'Harbour Plumbing',
    connectedTo: rest.connectedTo ?? null,
    targets: rest.targets ?? [],
    expiresAt: '2030-01-01T00:00:00.000Z',
  },
});
const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, message } });

let fetchStub: ReturnType<typeof stubFetch> | undefined;
afterEach(() => fetchStub?.restore());

describe('activating a ServiceM8 account', () => {
  it('not signed in: creates a new business only once its owner confirms the address we email', async () => {
    fetchStub = stubFetch(({ url }) => {
      if (url.pathname === '/api/Auth/servicem8/vendors') return { status: 200, body: candidates() };
      if (url.pathname === '/api/Auth/servicem8/complete') {
        return ok({
          outcome: 'ConfirmEmail',
          email: 'olivia@example.com',
          message: 'We sent a link to olivia@example.com.',
        });
      }
      return undefined;
    });
    const onConnected = vi.fn();
    renderWithProviders(<ActivateAccount connection="c-1" error={null} signedInAs={null} onConnected={onConnected} />);
    await screen.findByText(/No business in Automate uses the ServiceM8 account/);
    fireEvent.click(screen.getByRole('button', { name: 'Create Harbour Plumbing' }));
    await screen.findByText('Fill in every field.');
    expect(fetchStub.calls.some((call) => call.url.pathname === '/api/Auth/servicem8/complete')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), { target: { value: 'Olivia' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), { target: { value: 'Harper' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: ' olivia@example.com ' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'a-fine-password-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Harbour Plumbing' }));

    expect((await screen.findByTestId('sm8-confirm-email')).textContent).toBe('We sent a link to olivia@example.com.');
    expect(fetchStub.calls.find((call) => call.url.pathname === '/api/Auth/servicem8/complete')?.body).toEqual({
      connection: 'c-1',
      accountUuid: ACCOUNT,
      newOwner: { firstName: 'Olivia', lastName: 'Harper', email: 'olivia@example.com', password: 'a-fine-password-7' },
    });
    expect(onConnected).not.toHaveBeenCalled();
  });

  it('an account another business uses: says to ask its Admin, and offers nothing to press that connects', async () => {
    fetchStub = stubFetch(({ url }) =>
      url.pathname === '/api/Auth/servicem8/vendors'
        ? { status: 200, body: candidates({ connectedTo: { to: 'another' } }) }
        : undefined,
    );
    renderWithProviders(
      <ActivateAccount connection="c-2" error={null} signedInAs={makeUser()} onConnected={vi.fn()} />,
    );
    expect((await screen.findByTestId('sm8-connected-elsewhere')).textContent).toContain(
      'ask one of its Admins to invite you',
    );
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();
  });

  it('signed in: connects the business they choose and never changes who is signed in', async () => {
    fetchStub = stubFetch(({ url }) => {
      if (url.pathname === '/api/Auth/servicem8/vendors') {
        return { status: 200, body: candidates({ targets: [{ vendorId: VENDOR_A.vendorId, name: VENDOR_A.name }] }) };
      }
      if (url.pathname === '/api/Auth/servicem8/complete') {
        return ok({ outcome: 'Connected', vendorId: VENDOR_A.vendorId, vendorName: VENDOR_A.name, reconnected: false });
      }
      return undefined;
    });
    const onConnected = vi.fn();
    renderWithProviders(
      <ActivateAccount connection="c-3" error={null} signedInAs={makeUser()} onConnected={onConnected} />,
    );
    await screen.findByText(/Connecting does not change who is signed in/);
    expect(screen.getByRole('radio', { name: VENDOR_A.name })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: /A new business named Harbour Plumbing/ }));
    fireEvent.click(screen.getByRole('radio', { name: VENDOR_A.name }));
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));

    await vi.waitFor(() =>
      expect(onConnected).toHaveBeenCalledWith(expect.objectContaining({ vendorId: VENDOR_A.vendorId })),
    );
    expect(fetchStub.calls.find((call) => call.url.pathname === '/api/Auth/servicem8/complete')?.body).toEqual({
      connection: 'c-3',
      accountUuid: ACCOUNT,
      vendorId: VENDOR_A.vendorId,
    });
  });
});
