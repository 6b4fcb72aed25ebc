// @vitest-environment happy-dom
import type { TriggerRun } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { VENDOR_A as VENDOR } from '@/testing/sessions.ts';
import { testVendor } from '@/testing/vendors.ts';
import { AutomationSchedule } from './automation-schedule.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const BASE = `/api/vendor/${VENDOR.vendorId}/Trigger`;
const VENDOR_RECORD = testVendor({ id: VENDOR.vendorId, name: VENDOR.name });

const run = (id: string, dueAt: Date, overrides: Partial<TriggerRun> = {}): TriggerRun => ({
  id: `${id}a1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11`.slice(0, 36),
  vendorId: VENDOR.vendorId,
  triggerId: '6f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11',
  triggerName: `Follow-up ${id}`,
  triggerVersion: 1,
  event: 'JobQuoteSent',
  status: 'Scheduled',
  jobUuid: `5d3e4a1b-0c9f-4b7a-8e2d-1f6a9b3c7d1${id}`,
  jobNumber: `10${id}`,
  clientUuid: null,
  formResponseUuid: null,
  dueAt: dueAt.toISOString(),
  startedAt: null,
  finishedAt: null,
  reason: null,
  cascadeDepth: 0,
  sm8Calls: 0,
  retry: null,
  warnings: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

let stub: ReturnType<typeof stubFetch>;
afterEach(() => {
  stub.restore();
  vi.unstubAllEnvs();
});

const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, message } });
const page = (rows: unknown[]) =>
  ok({ rows, total: rows.length, totalCapped: false, nextCursor: null, pageNumber: 1, pageSize: 100 });
const runSearches = () =>
  stub.calls.filter((call) => call.url.pathname === `${BASE}/runs`).map((call) => call.url.searchParams);
const filtersOf = (params: URLSearchParams | undefined) =>
  JSON.parse(params?.get('Filters') ?? '[]') as Array<{ action: string; field: string; value: unknown }>;

function renderSchedule(at = '/app/automation/schedule') {
  return renderAsRoute(<AutomationSchedule vendor={VENDOR} />, { path: '/app/automation/schedule', at });
}

describe('the schedule', () => {
  it('lists the scheduled runs soonest first, grouped by day, with job number and uuid', async () => {
    const now = new Date();
    const day = (offset: number, hour: number) =>
      new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset, hour);
    const rows = [run('1', day(0, 23)), run('2', day(1, 9)), run('3', day(1, 15)), run('4', day(5, 8))];
    stub = stubFetch(({ url }) => (url.pathname === `${BASE}/runs` ? page(rows) : undefined));
    renderSchedule();

    const today = await screen.findByRole('region', { name: /^Today/ });
    expect(within(today).getAllByTestId('scheduled-run')).toHaveLength(1);
    const tomorrow = screen.getByRole('region', { name: /^Tomorrow/ });
    const tomorrowRuns = within(tomorrow).getAllByTestId('scheduled-run');
    expect(tomorrowRuns.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Follow-up 2',
      'Follow-up 3',
    ]);
    expect(within(tomorrow).getByText('Job 102')).toBeTruthy();
    expect(within(tomorrow).getByText(rows[1]?.jobUuid ?? '')).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(3);

    const query = runSearches()[0];
    expect(query?.get('SortBy')).toBe('dueAt');
    expect(query?.get('SortDir')).toBe('Ascending');
    expect(filtersOf(query)).toEqual([{ action: 'Eq', field: 'status', value: 'Scheduled' }]);
  });

  it('shows what a run’s messages will miss, on that run only, and in its details', async () => {
    const due = new Date(Date.now() + 86_400_000);
    const warning = 'Job 101: the client has no contact with an email address — “Email the client” will not be sent.';
    const rows = [run('1', due, { warnings: [warning] }), run('2', due)];
    stub = stubFetch(({ url }) => {
      if (url.pathname === `${BASE}/runs`) return page(rows);
      const detail = rows.find((row) => url.pathname === `${BASE}/runs/${row.id}`);
      return detail ? ok({ ...detail, steps: [] }) : undefined;
    });
    renderSchedule();
    const [first, second] = await screen.findAllByTestId('scheduled-run');
    expect(within(first as HTMLElement).getByTestId('run-warnings').textContent).toBe(warning);
    expect(within(second as HTMLElement).queryByTestId('run-warnings')).toBeNull();

    await user.click(within(first as HTMLElement).getByRole('button', { name: 'Details' }));
    const details = await screen.findByRole('dialog', { name: 'Follow-up 1' });
    expect((await within(details).findByTestId('run-warnings')).textContent).toBe(warning);
  });

  it('cancels a run after confirming', async () => {
    const due = new Date(Date.now() + 86_400_000);
    stub = stubFetch(({ url }) => {
      if (url.pathname === `${BASE}/runs`) return page([run('1', due)]);
      if (url.pathname.endsWith('/cancel')) return ok(run('1', due, { status: 'Cancelled' }), 'The run was cancelled.');
      return undefined;
    });
    renderSchedule();
    await user.click(await screen.findByRole('button', { name: 'Cancel Follow-up 1 for job 101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this run?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel run' }));
    await screen.findByText('The run was cancelled.');
    expect(stub.calls.filter((call) => call.url.pathname.endsWith('/cancel'))).toHaveLength(1);
    await waitFor(() => expect(runSearches().length).toBeGreaterThan(1));
  });

  it('says what to do when nothing is scheduled', async () => {
    stub = stubFetch(({ url }) => (url.pathname === `${BASE}/runs` ? page([]) : undefined));
    renderSchedule();
    const empty = await screen.findByTestId('schedule-empty');
    expect(within(empty).getByRole('link', { name: 'Templates' }).getAttribute('href')).toBe(
      '/app/automation/templates',
    );
  });

  it('the week view places runs in the business’s days, not the browser’s, and pages by week', async () => {
    // The browser is in New York; the business in Auckland, where this run is due on Friday at 9:30 am
    // (still Thursday afternoon in New York).
    vi.stubEnv('TZ', 'America/New_York');
    const due = new Date('2026-03-05T20:30:00Z');
    const mondayInAuckland = '2026-03-01T11:00:00.000Z';
    stub = stubFetch(({ url }) => {
      if (url.pathname === `/api/Vendor/${VENDOR.vendorId}`) return ok(VENDOR_RECORD);
      if (url.pathname !== `${BASE}/runs`) return undefined;
      const from = filtersOf(url.searchParams).find((filter) => filter.action === 'GtEq')?.value;
      return page(from === mondayInAuckland ? [run('7', due)] : []);
    });
    const { router } = renderSchedule('/app/automation/schedule?view=week&week=2026-03-04');

    const friday = await screen.findByRole('region', { name: 'Fri 6 Mar' });
    await within(friday).findByText('Follow-up 7');
    expect(within(friday).getByText('Job 107')).toBeTruthy();
    // On the business's clock, named: the browser's shows another time.
    expect(within(friday).getByText('9:30 am NZDT')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Thu 5 Mar' })).queryByText('Follow-up 7')).toBeNull();
    expect(within(screen.getByTestId('schedule-week')).getAllByRole('region')).toHaveLength(7);
    // Asked in the business’s zone from the start: no week of the browser’s is read first.
    expect(filtersOf(runSearches()[0])).toEqual([
      { action: 'Eq', field: 'status', value: 'Scheduled' },
      { action: 'GtEq', field: 'dueAt', value: mondayInAuckland },
      { action: 'Lt', field: 'dueAt', value: '2026-03-08T11:00:00.000Z' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await screen.findByTestId('week-empty');
    expect(new URLSearchParams(router.state.location.search).get('week')).toBe('2026-03-09');
    expect(filtersOf(runSearches().at(-1))[1]?.value).toBe('2026-03-08T11:00:00.000Z');

    await user.click(screen.getByRole('button', { name: 'List' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
