// @vitest-environment happy-dom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmProvider } from '@/components/ui/confirm-dialog.tsx';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { makeUser } from '@/testing/sessions.ts';
import { Profile } from './profile.tsx';

configure({ asyncUtilTimeout: 5_000 });

const IDENTITY = {
  accountUuid: 'acc-1',
  staffUuid: 'staff-1',
  accountName: 'Harbour Plumbing',
  staffName: 'Olivia Harper',
  linkedAt: '2026-11-01T09:00:00.000Z',
};

let fetchStub: ReturnType<typeof stubFetch> | undefined;
afterEach(() => fetchStub?.restore());

describe('the daily digest setting', () => {
  it('shows whether the person gets the digest and switches it', async () => {
    const user = makeUser({ email: 'ada@example.com' });
    let dailyDigest = false;
    const profile = () => ({
      id: user.id,
      email: user.email,
      userName: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      roles: [],
      emailVerified: true,
      welcomedAt: null,
      dailyDigest,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    fetchStub = stubFetch(({ method, url, body }) => {
      if (method === 'GET' && url.pathname === `/api/User/${user.id}`) {
        return { status: 200, body: { success: true, data: profile() } };
      }
      if (method === 'POST' && url.pathname === '/api/User/settings') {
        dailyDigest = (body as { dailyDigest: boolean }).dailyDigest;
        return { status: 200, body: { success: true, data: profile() } };
      }
      if (url.pathname === '/api/User/servicem8/identities') return { status: 200, body: { success: true, data: [] } };
      return undefined;
    });
    renderWithProviders(<Profile user={user} />);
    const toggle = await screen.findByRole('switch', { name: 'Daily digest' });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await screen.findByText('You will get the daily digest.');
    expect(dailyDigest).toBe(true);
    expect((screen.getByRole('switch', { name: 'Daily digest' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('the profile page', () => {
  it('lists the linked ServiceM8 logins and unlinks one after confirmation', async () => {
    let linked = [IDENTITY];
    fetchStub = stubFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/User/servicem8/identities') {
        return { status: 200, body: { success: true, data: linked } };
      }
      if (method === 'DELETE' && url.pathname === '/api/User/servicem8/identities/acc-1/staff-1') {
        linked = [];
        return { status: 200, body: { success: true, data: null } };
      }
      return undefined;
    });
    renderWithProviders(
      <ConfirmProvider>
        <Profile user={makeUser({ email: 'ada@example.com' })} />
      </ConfirmProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Linked ServiceM8 logins' });
    expect(within(list).getByText('Olivia Harper · Harbour Plumbing')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/will no longer sign you in/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));

    await screen.findByText(/No ServiceM8 logins are linked to you/);
    expect(fetchStub.calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
