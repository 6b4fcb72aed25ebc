// @vitest-environment happy-dom
import type {
  CurrentSubscription,
  Sm8SyncResult,
  TriggerAttention,
  TriggerRun,
  VendorMembership,
} from '@automate/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscriptionKey } from '@/lib/billing/subscription.ts';
import { formatCurrency } from '@/lib/format.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { WEEK_RESULTS } from '@/testing/automation-results.ts';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { VENDOR_A as VENDOR } from '@/testing/sessions.ts';
import { ACTIVE_SUBSCRIPTION } from '@/testing/subscriptions.ts';
import { prefetchDashboard } from '../api/dashboard-queries.ts';
import { Dashboard } from './dashboard.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const BASE = `/api/vendor/${VENDOR.vendorId}/Trigger`;
const SUBSCRIPTION = '/api/Accounting/product/sub/active';
/** Pro, with the messages of the period used up. */
const PRO: CurrentSubscription = {
  ...ACTIVE_SUBSCRIPTION,
  usage: {
    activeTriggers: { used: 3, limit: 25 },
    runs: { used: 9000, limit: 10_000 },
    messages: { used: 2500, limit: 2500 },
  },
};
const AUTOMATIONS = '/app/automation/search?PageNumber=1&PageSize=50&SortBy=name&SortDir=Ascending';

const run = (id: number, overrides: Partial<TriggerRun> = {}): TriggerRun => ({
  id: `8a1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a${String(id).padStart(2, '0')}`,
  vendorId: VENDOR.vendorId,
  triggerId: '6f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11',
  triggerName: `Automation ${id}`,
  triggerVersion: 1,
  event: 'JobCompleted',
  status: 'Succeeded',
  jobUuid: null,
  jobNumber: `20${id}`,
  clientUuid: null,
  formResponseUuid: null,
  dueAt: new Date().toISOString(),
  startedAt: null,
  finishedAt: new Date().toISOString(),
  reason: null,
  cascadeDepth: 0,
  sm8Calls: 0,
  retry: null,
  warnings: [],
  createdAt: new Date().toISOString(),
  ...overrides,
});

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, message } });
const page = (rows: unknown[], total = rows.length) =>
  ok({ rows, total, totalCapped: false, nextCursor: null, pageNumber: 1, pageSize: 5 });
const filtersOf = (params: URLSearchParams) =>
  JSON.parse(params.get('Filters') ?? '[]') as Array<Record<string, unknown>>;

/** A server with `total` automations of which `active` are on, and the given runs. */
function serve({
  total,
  active,
  runs = [],
  attention = [],
  suspended,
  record,
  subscription = null,
}: {
  total: number;
  active: number;
  runs?: TriggerRun[];
  attention?: TriggerAttention[];
  suspended?: { since: string; reason: string };
  /** How `GET /api/Vendor/{id}` answers the business's plan standing. */
  record?: { currentSubscriptionType: string | null; hasCurrentSubscription: boolean; subscriptionActive: boolean };
  subscription?: CurrentSubscription | null;
}) {
  stub = stubFetch(({ url }) => {
    if (url.pathname === SUBSCRIPTION) return ok(subscription);
    if (url.pathname === `/api/Vendor/${VENDOR.vendorId}` && (suspended || record)) {
      return ok({
        id: VENDOR.vendorId,
        name: VENDOR.name,
        timeZone: 'Pacific/Auckland',
        sm8Connected: true,
        currentSubscriptionType: 'Standard',
        hasCurrentSubscription: true,
        subscriptionActive: true,
        ...record,
        automationsSuspended: suspended ?? null,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      });
    }
    if (url.pathname === `${BASE}/attention`) return ok(attention);
    if (url.pathname === `${BASE}/results/week`) return ok(WEEK_RESULTS);
    if (url.pathname === `${BASE}/search`) {
      const enabled = filtersOf(url.searchParams).some((filter) => filter.field === 'enabled');
      return page([], enabled ? active : total);
    }
    if (url.pathname === `${BASE}/runs`) {
      const status = filtersOf(url.searchParams).find((filter) => filter.field === 'status')?.value;
      const rows = status ? runs.filter((r) => r.status === status) : runs;
      return page(rows);
    }
    if (url.pathname === `/api/Vendor/${VENDOR.vendorId}/sync`) return ok(SYNC_RESULT, 'ServiceM8 data is up to date.');
    return undefined;
  });
}

const unchanged = { added: 0, removed: 0, changed: 0, total: 3 };
const SYNC_RESULT: Sm8SyncResult = {
  badge: { ...unchanged, added: 1, total: 4 },
  queue: unchanged,
  category: unchanged,
  staff: unchanged,
  form: unchanged,
  formfield: unchanged,
  material: unchanged,
  timeZone: null,
};

function renderDashboard(vendor: VendorMembership = VENDOR) {
  return renderAsRoute(<Dashboard vendor={vendor} automationsPath={AUTOMATIONS} />, {
    path: '/app/dashboard',
    at: '/app/dashboard',
  });
}

describe('the dashboard', () => {
  it('shows what was fetched ahead (while its code loaded) at once, asking the server for nothing twice', async () => {
    serve({ total: 0, active: 0, runs: [run(1), run(2, { status: 'Failed', reason: 'No email address.' })] });
    // The app's own cache settings: what was fetched ahead is fresh when the page shows it.
    const client = createQueryClient();
    prefetchDashboard(client, VENDOR, new Date());
    const asked = () => stub.calls.map((call) => `${call.url.pathname}${call.url.search}`);
    await waitFor(() => expect(asked()).toHaveLength(7));
    renderAsRoute(<Dashboard vendor={VENDOR} automationsPath={AUTOMATIONS} />, {
      path: '/app/dashboard',
      at: '/app/dashboard',
      client,
    });
    expect(await screen.findByTestId('first-run-checklist')).toBeTruthy();
    expect(await screen.findByTestId('runs-today')).toHaveProperty('textContent', '2');
    expect(screen.getAllByTestId('chart-day')).toHaveLength(7);
    expect(screen.getByTestId('failed-run').textContent).toContain('No email address.');
    expect(new Set(asked()).size).toBe(asked().length);
  });

  it('lists automations that break a rule of their event, with what to fix, linking to each', async () => {
    const problem =
      'Action 1, “Add a note to the job” needs a job, and “A client is created” has none: remove the action or choose another event.';
    serve({
      total: 2,
      active: 1,
      attention: [{ id: 'trigger-7', name: 'Welcome note', enabled: true, problems: [problem] }],
    });
    renderDashboard();
    const panel = await screen.findByRole('region', { name: 'Automations that need attention' });
    expect(within(panel).getByText('1 automation needs your attention')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Welcome note' }).getAttribute('href')).toBe(
      '/app/automation/view/trigger-7',
    );
    expect(within(panel).getByText(problem)).toBeTruthy();
  });

  it('shows no attention panel when every automation keeps to its event', async () => {
    serve({ total: 2, active: 1 });
    renderDashboard();
    await screen.findByTestId('active-count');
    expect(screen.queryByTestId('needs-attention')).toBeNull();
  });

  it('a new vendor sees the first-run checklist with what is done and what is next', async () => {
    serve({ total: 0, active: 0 });
    renderDashboard({ ...VENDOR, sm8Connected: false });
    const checklist = await screen.findByTestId('first-run-checklist');
    const steps = within(checklist).getAllByTestId('checklist-step');
    expect(steps.map((step) => step.getAttribute('data-done'))).toEqual(['false', 'false', 'false']);
    expect(within(checklist).getByRole('link', { name: 'Connect ServiceM8' }).getAttribute('href')).toBe(
      '/api/Auth/login/servicem8',
    );
    expect(within(checklist).getByRole('link', { name: 'Browse templates' })).toBeTruthy();
    expect(within(checklist).queryByRole('link', { name: 'Recommended automations' })).toBeNull();
    expect(
      within(checklist).getByText('0 of 3 done. Three steps and your jobs start looking after themselves.'),
    ).toBeTruthy();
  });

  it('offers a connected vendor without automations the recommended ones', async () => {
    serve({ total: 0, active: 0 });
    renderDashboard();
    const checklist = await screen.findByTestId('first-run-checklist');
    expect(within(checklist).getByRole('link', { name: 'Recommended automations' }).getAttribute('href')).toBe(
      '/app/automation/onboarding',
    );
  });

  it('ticks off the steps done so far', async () => {
    serve({ total: 2, active: 0 });
    renderDashboard();
    const checklist = await screen.findByTestId('first-run-checklist');
    const steps = within(checklist).getAllByTestId('checklist-step');
    expect(steps.map((step) => step.getAttribute('data-done'))).toEqual(['true', 'true', 'false']);
    expect(within(checklist).getByRole('link', { name: 'Open automations' }).getAttribute('href')).toBe(AUTOMATIONS);
  });

  it('hides the checklist once everything is done and shows the figures', async () => {
    const failed = run(3, { status: 'Failed', reason: 'The client has no contact with an email address.' });
    const scheduled = run(4, { status: 'Scheduled', finishedAt: null });
    serve({ total: 5, active: 3, runs: [run(1), run(2), failed, scheduled] });
    renderDashboard();
    expect((await screen.findByTestId('active-count')).textContent).toBe('3');
    expect(screen.getByText('switched on, of 5 automations')).toBeTruthy();
    expect((await screen.findByTestId('runs-today')).textContent).toBe('4');
    expect(screen.queryByTestId('first-run-checklist')).toBeNull();

    const failures = screen.getByTestId('dashboard-failures');
    await within(failures).findByText('The client has no contact with an email address.');
    const upcoming = screen.getByTestId('dashboard-upcoming');
    await within(upcoming).findByText('Automation 4');

    const chart = screen.getByTestId('runs-chart');
    expect(chart.getAttribute('aria-label')).toBe('Runs in the last 7 days: 1 scheduled, 2 succeeded, 1 failed.');
    expect(chart.querySelectorAll('[data-testid="chart-day"]')).toHaveLength(7);
    expect(chart.querySelector('rect[data-status="Succeeded"]')?.getAttribute('data-count')).toBe('2');

    const searches = stub.calls.map((call) => call.url);
    const active = searches.find(
      (url) => url.pathname === `${BASE}/search` && url.searchParams.get('Filters') !== null,
    );
    expect(active?.searchParams.get('PageSize')).toBe('1');
    expect(filtersOf(active?.searchParams ?? new URLSearchParams())).toEqual([
      { action: 'Eq', field: 'enabled', value: true },
    ]);
    const chartQuery = searches.find(
      (url) => url.pathname === `${BASE}/runs` && url.searchParams.get('PageSize') === '500',
    );
    expect(filtersOf(chartQuery?.searchParams ?? new URLSearchParams())[0]).toMatchObject({
      action: 'GtEq',
      field: 'createdAt',
    });
  });

  it('says the business’s last 7 days in one line', async () => {
    serve({ total: 5, active: 3 });
    renderDashboard();
    expect(
      await screen.findByText(
        `Last 7 days: sent 84 emails and 31 texts, added 120 notes; 12 quotes approved after a follow-up, ${formatCurrency(18_400)}.`,
      ),
    ).toBeTruthy();
  });

  it('says when the Automate team suspended the automations, and why', async () => {
    serve({ total: 1, active: 1, suspended: { since: '2026-04-01T09:00:00.000Z', reason: 'Unpaid invoice INV-12.' } });
    renderDashboard();
    const notice = await screen.findByTestId('automations-suspended', {}, { timeout: 5_000 });
    expect(notice.textContent).toContain('Your automations are suspended');
    expect(notice.textContent).toContain('Unpaid invoice INV-12.');
  });

  it('re-syncs ServiceM8 and says so', async () => {
    serve({ total: 1, active: 1 });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Re-sync' }));
    await screen.findByText('ServiceM8 data is up to date.');
    await waitFor(() =>
      expect(stub.calls.some((call) => call.url.pathname === `/api/Vendor/${VENDOR.vendorId}/sync`)).toBe(true),
    );
  });

  it('shows an Admin the plan’s usage this period, linking to the subscription', async () => {
    serve({ total: 5, active: 3, subscription: PRO });
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Plan usage' });
    expect(within(card).getByText('Pro plan, this period')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: 'Active automations: 3 of 25' })).toBeTruthy();
    const runs = within(card).getByRole('progressbar', { name: 'Automation runs: 9,000 of 10,000' });
    expect(runs.getAttribute('aria-valuenow')).toBe('90');
    expect(within(card).getByRole('progressbar', { name: 'Emails and texts: 2,500 of 2,500' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Subscription' }).getAttribute('href')).toBe(
      '/app/account/subscription/overview',
    );
    expect(within(card).queryByText(/Automations are paused/)).toBeNull();
    const billing = stub.calls.filter((call) => call.url.pathname === SUBSCRIPTION);
    expect(billing).toHaveLength(1);
    expect(billing[0]?.headers.get('x-vendor-id')).toBe(VENDOR.vendorId);
  });

  it('tells an Admin when the subscription no longer lets automations run', async () => {
    serve({ total: 5, active: 3, subscription: { ...PRO, status: 'unpaid', automationsRun: false } });
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Plan usage' });
    expect(within(card).getByText('Automations are paused: the subscription is not active.')).toBeTruthy();
  });

  it('warns an Admin first thing when a payment failed, with the end of the grace', async () => {
    serve({
      total: 5,
      active: 3,
      subscription: { ...PRO, status: 'past_due', graceEndsAt: '2026-12-08T00:00:00.000Z' },
    });
    renderDashboard();
    const notice = await screen.findByTestId('payment-failed', {}, { timeout: 5_000 });
    expect(notice.textContent).toContain('The last payment failed');
    expect(notice.textContent).toContain('Automations keep running until 8 Dec 2026');
    expect(within(notice).getByRole('link', { name: 'Subscription' }).getAttribute('href')).toBe(
      '/app/account/subscription/overview',
    );
  });

  it('shows a User no plan usage and never asks for billing, which is the Admins’', async () => {
    serve({ total: 5, active: 3, subscription: PRO });
    renderDashboard({ ...VENDOR, role: 'User' });
    expect((await screen.findByTestId('active-count')).textContent).toBe('3');
    await within(screen.getByTestId('dashboard-upcoming')).findByText(/Nothing is scheduled/);
    expect(screen.queryByRole('region', { name: 'Plan usage' })).toBeNull();
    expect(stub.calls.some((call) => call.url.pathname === SUBSCRIPTION)).toBe(false);
  });

  it('stays quiet about plans while a business without a subscription runs its automations', async () => {
    serve({
      total: 5,
      active: 3,
      subscription: null,
      record: { currentSubscriptionType: null, hasCurrentSubscription: false, subscriptionActive: true },
    });
    const { client } = renderDashboard();
    await waitFor(() => expect(client.getQueryState(subscriptionKey(VENDOR.vendorId))?.status).toBe('success'));
    await waitFor(() => expect(client.getQueryState(['vendor', VENDOR.vendorId])?.status).toBe('success'));
    // Let the answer render before looking for what it must not show.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Plan usage' })).toBeNull();
    expect(screen.queryByText(/Choose a plan/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  const NO_PLAN = { currentSubscriptionType: null, hasCurrentSubscription: false, subscriptionActive: false };

  it('tells an Admin of a business without a plan that its automations wait for one, linking to the plans', async () => {
    serve({ total: 2, active: 1, subscription: null, record: NO_PLAN });
    renderDashboard();
    const notice = await screen.findByTestId('no-plan', {}, { timeout: 5_000 });
    expect(notice.textContent).toContain('Your automations do not run yet');
    expect(notice.textContent).toContain('until then each run is skipped');
    expect(within(notice).getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe(
      '/app/account/subscription/checkout',
    );
  });

  it('tells a User of a business without a plan that an Admin chooses one', async () => {
    serve({ total: 2, active: 1, record: NO_PLAN });
    renderDashboard({ ...VENDOR, role: 'User' });
    const notice = await screen.findByTestId('no-plan', {}, { timeout: 5_000 });
    expect(notice.textContent).toContain('An Admin of your business needs to choose a plan');
    expect(within(notice).queryByRole('link')).toBeNull();
  });

  it('shows the server’s sentence when the dashboard cannot load', async () => {
    stub = stubFetch(() => ({
      status: 503,
      body: { success: false, code: 'SERVICE_UNAVAILABLE', message: 'The database is restarting.' },
    }));
    renderDashboard();
    expect((await screen.findAllByText('The database is restarting.')).length).toBeGreaterThan(0);
  });
});
