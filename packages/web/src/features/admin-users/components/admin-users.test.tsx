// @vitest-environment happy-dom
import type { AdminUserDetail } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session/session.ts';
import { createSessionStore } from '@/lib/session/session-store.ts';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { makeSuperAdmin, memoryStorage, VENDOR_A } from '@/testing/sessions.ts';
import { AdminUser } from './admin-user.tsx';
import { AdminUsers } from './admin-users.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const ME = makeSuperAdmin();
const USER: AdminUserDetail = {
  id: '66666666-6666-4666-8666-666666666666',
  email: 'lee@example.com',
  userName: 'lee@example.com',
  firstName: 'Lee',
  lastName: 'Locked',
  roles: [],
  emailVerified: false,
  welcomedAt: null,
  dailyDigest: false,
  createdAt: '2026-01-05T09:00:00.000Z',
  lockedOut: true,
  vendorCount: 1,
  disabled: false,
  lastSignInAt: null,
  vendors: [VENDOR_A],
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => {
  stub.restore();
  vi.unstubAllEnvs();
});

const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, message } });

function open(ui: React.ReactElement, path: string, at: string) {
  const store = createSessionStore(memoryStorage());
  store.login(ME);
  return renderAsRoute(<SessionProvider store={store}>{ui}</SessionProvider>, { path, at });
}

describe("the super admin's users", () => {
  it('lists users with their state, and when they joined on the reader’s clock, named; sorted and filtered in the URL', async () => {
    vi.stubEnv('TZ', 'America/New_York');
    stub = stubFetch(({ url }) =>
      url.pathname === '/api/Admin/users/search'
        ? ok({ rows: [USER], total: 1, pageNumber: 1, pageSize: 25 })
        : undefined,
    );
    const { router } = open(<AdminUsers />, '/admin/users/search', '/admin/users/search');
    const table = await screen.findByRole('table', { name: 'Users' });
    const link = await within(table).findByRole('link', { name: 'lee@example.com' });
    expect(link.getAttribute('href')).toBe(`/admin/users/${USER.id}`);
    expect(within(table).getByText('Locked out')).toBeTruthy();
    expect(within(table).getByText('Unconfirmed')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();
    // 09:00 UTC on 5 January: 4 am in New York, whose zone a list of every business's users names.
    expect(within(table).getByText('Mon, 5 Jan 2026, 4:00 am GMT-5')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    await user.click(screen.getByRole('option', { name: 'Disabled' }));
    await waitFor(() => expect(router.state.location.search).toContain('disabled'));
    const last = stub.calls.filter((call) => call.url.pathname === '/api/Admin/users/search').at(-1);
    expect(JSON.parse(last?.url.searchParams.get('Filters') ?? '[]')).toEqual([
      { action: 'Eq', field: 'disabled', value: true },
    ]);
  });

  it("shows a user's vendors and acts on the account, asking first before granting SuperAdmin", async () => {
    // The server keeps the user as each action leaves it.
    let current = USER;
    const change = (next: AdminUserDetail, message: string) => {
      current = next;
      return ok(current, message);
    };
    stub = stubFetch(({ method, url, body }) => {
      if (url.pathname === `/api/Admin/users/${USER.id}` && method === 'GET') return ok(current);
      if (url.pathname === `/api/Admin/users/${USER.id}/unlock`) {
        return change({ ...current, lockedOut: false }, 'The user can sign in again.');
      }
      if (url.pathname === `/api/Admin/users/${USER.id}/superadmin`) {
        const { superAdmin } = body as { superAdmin: boolean };
        return change({ ...current, roles: superAdmin ? ['SuperAdmin'] : [] }, 'SuperAdmin granted.');
      }
      return undefined;
    });
    open(<AdminUser id={USER.id} />, '/admin/users/:id', `/admin/users/${USER.id}`);
    await screen.findByRole('heading', { name: 'Lee Locked' });
    const vendors = screen.getByRole('table', { name: 'Vendors' });
    expect(within(vendors).getByRole('link', { name: VENDOR_A.name })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend confirmation' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await screen.findByText('The user can sign in again.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Grant SuperAdmin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Lee Locked a super admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Grant' }));
    await screen.findByRole('button', { name: 'Revoke SuperAdmin' });
    const granted = stub.calls.find((call) => call.url.pathname.endsWith('/superadmin'));
    expect(granted?.body).toEqual({ superAdmin: true });
  });

  it('never offers to change your own role or account', async () => {
    const me: AdminUserDetail = { ...USER, id: ME.id, roles: ['SuperAdmin'], lockedOut: false, emailVerified: true };
    stub = stubFetch(({ url }) => (url.pathname === `/api/Admin/users/${ME.id}` ? ok(me) : undefined));
    open(<AdminUser id={ME.id} />, '/admin/users/:id', `/admin/users/${ME.id}`);
    const revoke = await screen.findByRole('button', { name: 'Revoke SuperAdmin' });
    expect((revoke as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Disable account' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
