// @vitest-environment happy-dom
import type { VendorInvitation, VendorUser } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { VENDOR_A as VENDOR } from '@/testing/sessions.ts';
import { write } from '@/testing/write.ts';
import { TeamPage } from './team-page.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const BASE = `/api/Vendor/${VENDOR.vendorId}`;
const member = (id: number, role: VendorUser['role'], firstName: string): VendorUser => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  email: `${firstName.toLowerCase()}@alpha.example`,
  userName: firstName.toLowerCase(),
  firstName,
  lastName: 'Smith',
  role,
  emailVerified: true,
  joinedAt: '2026-03-01T09:00:00.000Z',
});
const ADMIN = member(1, 'Admin', 'Ana');
const USER = member(2, 'User', 'Ben');
/** The server's refusal to leave a vendor without an Admin. */
const LAST_ADMIN = 'A vendor needs at least one Admin: make someone else an Admin first.';
const ok = (data: unknown, message?: string, status = 200) => ({ status, body: { success: true, data, message } });
const page = (rows: unknown[]) => ok({ rows, total: rows.length, pageNumber: 1, pageSize: 500 });

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

function serve(state: { members: VendorUser[]; invitations: VendorInvitation[] }) {
  stub = stubFetch(({ method, url, body }) => {
    if (method === 'GET' && url.pathname === `${BASE}/users/search`) return page(state.members);
    if (method === 'GET' && url.pathname === `${BASE}/invitations`) return ok(state.invitations);
    if (method === 'POST' && url.pathname === `${BASE}/users`) {
      const { email, role } = body as { email: string; role: VendorUser['role'] };
      const invitation: VendorInvitation = {
        id: '00000000-0000-4000-8000-0000000000aa',
        email,
        role,
        status: 'Pending',
        expiresAt: '2026-03-04T09:00:00.000Z',
        createdAt: '2026-03-01T09:00:00.000Z',
      };
      state.invitations = [invitation];
      return ok(invitation, `We emailed ${email} an invitation.`, 201);
    }
    if (method === 'DELETE' && url.pathname === `${BASE}/users/${ADMIN.id}`) {
      return {
        status: 409,
        body: { success: false, code: 'CONFLICT', message: LAST_ADMIN },
      };
    }
    if (method === 'PATCH' && url.pathname === `${BASE}/users/${ADMIN.id}`) {
      return { status: 409, body: { success: false, code: 'CONFLICT', message: LAST_ADMIN } };
    }
    if (method === 'PATCH' && url.pathname === `${BASE}/users/${USER.id}`) {
      const { role } = body as { role: VendorUser['role'] };
      state.members = state.members.map((m) => (m.id === USER.id ? { ...m, role } : m));
      return ok(state.members.find((m) => m.id === USER.id));
    }
    if (method === 'DELETE' && url.pathname === `${BASE}/users/${USER.id}`) {
      state.members = state.members.filter((m) => m.id !== USER.id);
      return ok(null, 'The user was removed from the vendor.');
    }
    return undefined;
  });
}

const open = () => renderAsRoute(<TeamPage vendor={VENDOR} />, { path: '/app/account/team', at: '/app/account/team' });

describe('the team page', () => {
  it('lists the members, Admins first, and invites someone by email', async () => {
    serve({ members: [USER, ADMIN], invitations: [] });
    open();
    const rows = await screen.findAllByTestId('team-member');
    expect(rows.map((row) => within(row).getByText(/Smith/).textContent)).toEqual(['Ana Smith', 'Ben Smith']);

    const form = screen.getByRole('form', { name: 'Invite someone' });
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText(/email/i, { selector: 'p' })).toBeTruthy();
    expect(stub.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await write(user, within(form).getByRole('textbox', { name: /Email address/ }), 'cara@alpha.example');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    await screen.findByText('We emailed cara@alpha.example an invitation.');
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'cara@alpha.example',
      role: 'User',
    });
    const invitation = await screen.findByTestId('team-invitation');
    expect(within(invitation).getByText('cara@alpha.example')).toBeTruthy();
  });

  it('shows the server’s refusal of an invitation under the field its path names', async () => {
    const sentence = 'Email address: enter an email address such as name@example.com.';
    stub = stubFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === `${BASE}/users/search`) return page([ADMIN]);
      if (method === 'GET' && url.pathname === `${BASE}/invitations`) return ok([]);
      if (method === 'POST' && url.pathname === `${BASE}/users`) {
        return {
          status: 400,
          body: { success: false, code: 'VALIDATION_FAILED', message: sentence, errors: { 'body.email': [sentence] } },
        };
      }
      return undefined;
    });
    open();
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    const email = within(form).getByRole('textbox', { name: /Email address/ });
    await write(user, email, 'cara@alpha.example');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(sentence);
  });

  it('removes a member after confirming, and shows why the last Admin cannot be removed', async () => {
    serve({ members: [ADMIN, USER], invitations: [] });
    open();
    const [, userRow] = await screen.findAllByTestId('team-member');

    await user.click(within(userRow as HTMLElement).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Ben Smith?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await screen.findByText('The user was removed from the vendor.');
    await waitFor(() => expect(screen.getAllByTestId('team-member')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const [adminRow] = screen.getAllByTestId('team-member');
    await user.click(within(adminRow as HTMLElement).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await screen.findByText(LAST_ADMIN);
  });

  it('shows why the last Admin cannot become a User, and makes another member an Admin', async () => {
    serve({ members: [ADMIN, USER], invitations: [] });
    open();
    await screen.findAllByTestId('team-member');

    // Ana is the only Admin: the server refuses, and her role stays as it was.
    await user.click(screen.getByRole('combobox', { name: 'Role of Ana Smith' }));
    await user.click(await screen.findByRole('option', { name: 'User' }));
    await screen.findByText(LAST_ADMIN);
    expect(screen.getByRole('combobox', { name: 'Role of Ana Smith' }).textContent).toBe('Admin');

    await user.click(screen.getByRole('combobox', { name: 'Role of Ben Smith' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await screen.findByText('Ben Smith is now an Admin.');
    expect(stub.calls.filter((call) => call.method === 'PATCH').map((call) => [call.url.pathname, call.body])).toEqual([
      [`${BASE}/users/${ADMIN.id}`, { role: 'User' }],
      [`${BASE}/users/${USER.id}`, { role: 'Admin' }],
    ]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of Ben Smith' }).textContent).toBe('Admin'));
  });
});
