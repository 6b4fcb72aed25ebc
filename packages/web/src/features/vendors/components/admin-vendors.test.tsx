// @vitest-environment happy-dom
import { type AdminVendorDetail, DEFAULT_CLIENT_MESSAGING } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { write } from '@/testing/write.ts';
import { AdminVendorHeader } from './admin-vendor-header.tsx';
import { AdminVendors } from './admin-vendors.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const VENDOR: AdminVendorDetail = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Alpha Plumbing',
  timeZone: 'Pacific/Auckland',
  senderName: null,
  clientMessaging: DEFAULT_CLIENT_MESSAGING,
  sm8Connected: true,
  sm8StaffMayJoin: false,
  billingAddress: '',
  currentSubscriptionType: 'Standard',
  hasCurrentSubscription: true,
  subscriptionActive: true,
  automationsSuspended: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  enabledTriggers: 3,
  runs30Days: 120,
  failures30Days: 4,
  lastActivityAt: '2026-04-01T09:00:00.000Z',
  serviceM8: {
    accountName: 'Alpha Plumbing Ltd',
    connectedAt: '2026-01-02T00:00:00.000Z',
    lastSyncedAt: null,
    needsReconnectSince: null,
  },
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, message } });

describe("the super admin's vendors", () => {
  it('opens on subscribed vendors by name, 200 a page, with their activity linking to their runs', async () => {
    // On the Demo plan without a subscription: named as its Billing page names it.
    const DEMO = {
      ...VENDOR,
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Demo Plumbing Ltd',
      currentSubscriptionType: 'Demo',
      enabledTriggers: 0,
      runs30Days: 0,
      failures30Days: 0,
      lastActivityAt: null,
    };
    stub = stubFetch(({ url }) =>
      url.pathname === '/api/Admin/vendors/search'
        ? ok({ rows: [VENDOR, DEMO], total: 2, pageNumber: 1, pageSize: 200 })
        : undefined,
    );
    const { router } = renderAsRoute(<AdminVendors />, { path: '/admin/vendors/search', at: '/admin/vendors/search' });
    const table = await screen.findByRole('table', { name: 'Vendors' });
    await within(table).findByRole('link', { name: 'Alpha Plumbing' });
    const failures = within(table).getByRole('link', { name: '4' });
    expect(decodeURIComponent(failures.getAttribute('href') ?? '')).toContain('"field":"status","value":"Failed"');
    const demo = within(table).getByRole('row', { name: /Demo Plumbing Ltd/ });
    expect(within(demo).getByRole('cell', { name: 'Demo' })).toBeTruthy();
    expect(within(demo).getByRole('link', { name: 'Demo Plumbing Ltd' }).getAttribute('href')).toBe(
      `/admin/vendors/${DEMO.id}`,
    );
    const first = stub.calls.find((call) => call.url.pathname === '/api/Admin/vendors/search')?.url.searchParams;
    expect(first?.get('PageSize')).toBe('200');
    expect(first?.get('SortBy')).toBe('name');
    expect(JSON.parse(first?.get('Filters') ?? '[]')).toEqual([
      { action: 'Eq', field: 'hasCurrentSubscription', value: true },
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Subscription' }));
    await user.click(screen.getByRole('option', { name: 'Any' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('Filters')).toBe('[]'));
  });

  it('suspends the automations with a reason, then resumes them after confirming', async () => {
    // On the Demo plan without a subscription: named as its Billing page names it.
    let current: AdminVendorDetail = { ...VENDOR, currentSubscriptionType: 'Demo' };
    stub = stubFetch(({ method, url, body }) => {
      if (url.pathname === `/api/Admin/vendors/${VENDOR.id}` && method === 'GET') return ok(current);
      if (url.pathname === `/api/Admin/vendors/${VENDOR.id}/suspension`) {
        const request = body as { suspended: boolean; reason?: string };
        current = {
          ...current,
          automationsSuspended: request.suspended
            ? { since: '2026-04-02T00:00:00.000Z', reason: request.reason ?? '' }
            : null,
        };
        return ok(current, request.suspended ? 'Automations are suspended.' : 'Automations resumed.');
      }
      return undefined;
    });
    renderAsRoute(<AdminVendorHeader id={VENDOR.id} current="triggers" />, {
      path: '/admin/vendors/:id/triggers',
      at: `/admin/vendors/${VENDOR.id}/triggers`,
    });
    await screen.findByRole('heading', { level: 1, name: 'Alpha Plumbing' });
    expect(screen.getByText('Demo', { exact: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Billing' }).getAttribute('href')).toBe(
      `/admin/vendors/${VENDOR.id}/billing`,
    );

    await user.click(screen.getByRole('button', { name: 'Suspend automations' }));
    const dialog = await screen.findByRole('dialog', { name: "Suspend Alpha Plumbing's automations?" });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByText('Say why the automations are suspended: the vendor sees the reason.')).toBeTruthy();
    await write(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Unpaid invoice');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await screen.findByText(/Unpaid invoice$/);
    expect(screen.getByText('Automations suspended', { exact: true })).toBeTruthy();
    expect(stub.calls.find((call) => call.url.pathname.endsWith('/suspension'))?.body).toEqual({
      suspended: true,
      reason: 'Unpaid invoice',
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Resume automations' }));
    const confirm = await screen.findByRole('dialog', { name: "Resume Alpha Plumbing's automations?" });
    await user.click(within(confirm).getByRole('button', { name: 'Resume' }));
    await screen.findByRole('button', { name: 'Suspend automations' });
    expect(screen.queryByText('Automations suspended', { exact: true })).toBeNull();
  });

  it('disconnects ServiceM8 only after confirming', async () => {
    stub = stubFetch(({ method, url }) => {
      if (url.pathname === `/api/Admin/vendors/${VENDOR.id}`) return ok(VENDOR);
      if (url.pathname === `/api/Vendor/${VENDOR.id}/servicem8` && method === 'DELETE') {
        return ok({ disconnected: true }, 'ServiceM8 was disconnected.');
      }
      return undefined;
    });
    renderAsRoute(<AdminVendorHeader id={VENDOR.id} current="triggers" />, {
      path: '/admin/vendors/:id/triggers',
      at: `/admin/vendors/${VENDOR.id}/triggers`,
    });
    await user.click(await screen.findByRole('button', { name: 'Disconnect ServiceM8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Alpha Plumbing from ServiceM8?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Disconnect ServiceM8' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Disconnect Alpha Plumbing from ServiceM8?' })).getByRole(
        'button',
        { name: 'Disconnect' },
      ),
    );
    await screen.findByText('ServiceM8 was disconnected.');
  });

  it('shows the vendor’s last activity on its clock, named, to a reader in another zone', async () => {
    vi.stubEnv('TZ', 'America/New_York');
    try {
      stub = stubFetch(({ url }) => (url.pathname === `/api/Admin/vendors/${VENDOR.id}` ? ok(VENDOR) : undefined));
      renderAsRoute(<AdminVendorHeader id={VENDOR.id} current="triggers" />, {
        path: '/admin/vendors/:id/triggers',
        at: `/admin/vendors/${VENDOR.id}/triggers`,
      });
      // 09:00 UTC: 10 pm in Auckland, 5 am in New York.
      expect(await screen.findByText('Last activity Wed, 1 Apr 2026, 10:00 pm NZDT')).toBeTruthy();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
