// @vitest-environment happy-dom
import type { AuditEntry } from '@automate/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { testVendor } from '@/testing/vendors.ts';
import { ActivityLog, AuditLog } from './audit-log.tsx';

const VENDOR_ID = '11111111-1111-4111-8111-111111111111';
const ENTRY: AuditEntry = {
  id: '22222222-2222-4222-8222-222222222222',
  at: '2026-04-01T09:00:00.000Z',
  actorUserId: '55555555-5555-4555-8555-555555555555',
  actorName: 'Super Admin <root@example.com>',
  action: 'PATCH /api/Vendor/:id',
  summary: 'As the vendor: Rename a vendor or change its time zone.',
  vendorId: VENDOR_ID,
  targetUserId: null,
  triggerId: null,
  runId: null,
  before: { timeZone: 'Pacific/Auckland' },
  after: { timeZone: 'Europe/London' },
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

describe('the audit log of a vendor', () => {
  it('shows who did what, with the setting before and after, newest first', async () => {
    stub = stubFetch(({ url }) =>
      url.pathname === '/api/Admin/audit/search'
        ? { status: 200, body: { success: true, data: { rows: [ENTRY], total: 1, pageNumber: 1, pageSize: 25 } } }
        : undefined,
    );
    renderWithProviders(<AuditLog title="Audit log" field="vendorId" value={VENDOR_ID} />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Super Admin <root@example.com>');
    expect(within(table).getByText('As the vendor: Rename a vendor or change its time zone.')).toBeTruthy();
    expect(within(table).getByText('timeZone: Pacific/Auckland → timeZone: Europe/London')).toBeTruthy();
    const query = stub.calls[0]?.url.searchParams;
    expect(query?.get('SortBy')).toBe('at');
    expect(query?.get('SortDir')).toBe('Descending');
    expect(JSON.parse(query?.get('Filters') ?? '[]')).toEqual([{ action: 'Eq', field: 'vendorId', value: VENDOR_ID }]);
  });
});

describe('the activity of a business', () => {
  it('lists who did what to the automations, in words, without the definitions themselves', async () => {
    const triggerId = '33333333-3333-4333-8333-333333333333';
    const change: AuditEntry = {
      ...ENTRY,
      actorName: 'Ada Admin <ada@example.com>',
      action: 'trigger.change',
      summary: '“Quote chaser”: Name: “Quote follow-up” → “Quote chaser”. Delay: none → 2 days.',
      triggerId,
      before: { name: 'Quote follow-up' },
      after: { name: 'Quote chaser' },
    };
    stub = stubFetch(({ url }) =>
      url.pathname === `/api/vendor/${VENDOR_ID}/Activity/search`
        ? { status: 200, body: { success: true, data: { rows: [change], total: 1, pageNumber: 1, pageSize: 25 } } }
        : undefined,
    );
    renderWithProviders(<ActivityLog title="Activity" vendorId={VENDOR_ID} triggerId={triggerId} />);
    const table = await screen.findByRole('table', { name: 'Activity' });
    await within(table).findByText('Ada Admin <ada@example.com>');
    expect(within(table).getByText(change.summary)).toBeTruthy();
    expect(within(table).queryByText(/name: Quote follow-up/)).toBeNull();
    expect(JSON.parse(stub.calls[0]?.url.searchParams.get('Filters') ?? '[]')).toEqual([
      { action: 'Eq', field: 'triggerId', value: triggerId },
    ]);
  });
});

describe('when each entry was made', () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each([
    ['an automation’s History', 'History', '33333333-3333-4333-8333-333333333333'],
    ['the business’s Activity', 'Activity', undefined],
  ])('%s is on the business’s clock, named, when the browser is in another zone', async (_, title, triggerId) => {
    vi.stubEnv('TZ', 'America/New_York');
    stub = stubFetch(({ url }) => {
      if (url.pathname === `/api/vendor/${VENDOR_ID}/Activity/search`) {
        return { status: 200, body: { success: true, data: { rows: [ENTRY], total: 1, pageNumber: 1, pageSize: 25 } } };
      }
      if (url.pathname === `/api/Vendor/${VENDOR_ID}`) {
        return {
          status: 200,
          body: { success: true, data: testVendor({ id: VENDOR_ID, timeZone: 'Pacific/Auckland' }) },
        };
      }
      return undefined;
    });
    renderWithProviders(<ActivityLog title={title} vendorId={VENDOR_ID} {...(triggerId ? { triggerId } : {})} />);
    const table = await screen.findByRole('table', { name: title });
    // 09:00 UTC: 10 pm in Auckland, 5 am in New York.
    const when = await within(table).findByText('Wed, 1 Apr 2026, 10:00 pm NZDT');
    expect(when.closest('tr')?.textContent).toContain(ENTRY.summary);
  });
});
