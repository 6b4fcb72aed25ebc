// @vitest-environment happy-dom
import type { AdminMetrics } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { AdminDashboard } from './admin-dashboard.tsx';
import { readRange } from './metrics-query.ts';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const counts = { Scheduled: 1, Running: 0, Succeeded: 40, Failed: 10, Skipped: 4, Cancelled: 0 };
const METRICS: AdminMetrics = {
  from: '2026-03-01',
  to: '2026-03-02',
  granularity: 'day',
  vendors: { total: 12, connected: 9, subscribed: 8, newInRange: 2 },
  mrrCents: { start: 24_400, end: 32_383 },
  churn: { ended: 1, payingAtStart: 4, rate: 0.25 },
  runs: {
    totals: counts,
    failureRate: 0.2,
    buckets: [
      { start: '2026-03-01', ...counts, failureRate: 0.2 },
      {
        start: '2026-03-02',
        Scheduled: 0,
        Running: 0,
        Succeeded: 0,
        Failed: 0,
        Skipped: 0,
        Cancelled: 0,
        failureRate: null,
      },
    ],
  },
  topFailingTriggers: [
    {
      triggerId: '6f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11',
      triggerName: 'Quote chaser',
      vendorId: '11111111-1111-4111-8111-111111111111',
      vendorName: 'Alpha Plumbing',
      failures: 7,
      commonReason: 'The client has no email address.',
    },
  ],
  servicem8: [],
  webhookDeliveries: [
    { start: '2026-03-01', count: 30 },
    { start: '2026-03-02', count: 0 },
  ],
  queue: [{ name: 'automation.execute-run', ready: 3, deferred: 1, oldestReadyAt: '2026-03-02T09:00:00.000Z' }],
  mail: { queued: 2, failed: 1, oldestQueuedAt: null },
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub?.restore());

const figure = (label: string) => within(screen.getByRole('region', { name: label }));
const filtersOf = (href: string | null) =>
  JSON.parse(new URL(href ?? '', 'http://localhost').searchParams.get('Filters') ?? '[]') as unknown[];

describe('the super admin dashboard', () => {
  it('shows the figures of the range in the URL, each linking to the list behind it', async () => {
    stub = stubFetch(({ url }) =>
      url.pathname === '/api/Admin/metrics' ? { status: 200, body: { success: true, data: METRICS } } : undefined,
    );
    const { router } = renderAsRoute(<AdminDashboard />, {
      path: '/admin/dashboard',
      at: '/admin/dashboard?from=2026-03-01&to=2026-03-02&granularity=day',
    });
    await screen.findByRole('region', { name: 'Runs' });
    expect(stub.calls[0]?.url.search).toBe('?from=2026-03-01&to=2026-03-02&granularity=day');
    expect(figure('Runs').getByText('55')).toBeTruthy();
    expect(figure('Failure rate').getByText('20%')).toBeTruthy();
    expect(figure('Vendors').getByText('2 new in this range')).toBeTruthy();
    expect(figure('Jobs waiting').getByText('3')).toBeTruthy();

    const failed = figure('Failed runs').getByRole('link', { name: '10' });
    expect(failed.getAttribute('href')).toMatch(/^\/admin\/automation\/runs\?/);
    expect(filtersOf(failed.getAttribute('href'))).toEqual([
      { action: 'Eq', field: 'status', value: 'Failed' },
      { action: 'GtEq', field: 'createdAt', value: '2026-03-01T00:00:00.000Z' },
      { action: 'LtEq', field: 'createdAt', value: '2026-03-02T23:59:59.999Z' },
    ]);
    const connected = figure('Connected to ServiceM8').getByRole('link', { name: '9' });
    expect(filtersOf(connected.getAttribute('href'))).toEqual([{ action: 'Eq', field: 'sm8Connected', value: true }]);

    const failing = screen.getByRole('table', { name: 'Triggers failing most' });
    expect(within(failing).getByText('The client has no email address.')).toBeTruthy();
    // The failing automation's runs: its vendor is chosen too, so the run list can name it in its filter.
    expect(filtersOf(within(failing).getByRole('link', { name: 'Quote chaser' }).getAttribute('href'))).toEqual(
      expect.arrayContaining([
        { action: 'Eq', field: 'status', value: 'Failed' },
        { action: 'Eq', field: 'vendorId', value: '11111111-1111-4111-8111-111111111111' },
        { action: 'Eq', field: 'triggerId', value: '6f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11' },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Per week' }));
    await waitFor(() => expect(router.state.location.search).toContain('granularity=week'));
    await waitFor(() => expect(stub.calls.at(-1)?.url.searchParams.get('granularity')).toBe('week'));
  });

  it('shows the MRR at the end of the range with its change since the start, and the churn', async () => {
    const show = async (metrics: AdminMetrics) => {
      stub?.restore();
      stub = stubFetch(({ url }) =>
        url.pathname === '/api/Admin/metrics' ? { status: 200, body: { success: true, data: metrics } } : undefined,
      );
      const view = renderAsRoute(<AdminDashboard />, {
        path: '/admin/dashboard',
        at: '/admin/dashboard?from=2026-03-01&to=2026-03-02&granularity=day',
      });
      await screen.findByRole('region', { name: 'MRR' });
      return view;
    };
    const grown = await show(METRICS);
    expect(figure('MRR').getByText('$323.83')).toBeTruthy();
    expect(figure('MRR').getByText('$244.00 → $323.83 (+$79.83) · monthly, GST included')).toBeTruthy();
    expect(figure('Churn').getByText('25%')).toBeTruthy();
    expect(figure('Churn').getByText('1 of 4 paying subscriptions ended')).toBeTruthy();
    grown.unmount();

    await show({
      ...METRICS,
      mrrCents: { start: 7900, end: 0 },
      churn: { ended: 0, payingAtStart: 0, rate: null },
    });
    expect(figure('MRR').getByText('$79.00 → $0.00 (-$79.00) · monthly, GST included')).toBeTruthy();
    expect(figure('Churn').getByText('—')).toBeTruthy();
  });

  it("names the vendors ServiceM8's limits hold back now, and how long each one's calls waited today", async () => {
    const allowance = (vendorName: string, more: Partial<AdminMetrics['servicem8'][number]>) => ({
      vendorId: crypto.randomUUID(),
      vendorName,
      callsToday: 1200,
      perDayLimit: 20_000,
      minuteHeadroom: 30,
      perMinuteLimit: 180,
      throttled: false,
      throttledMsToday: 0,
      ...more,
    });
    stub = stubFetch(({ url }) =>
      url.pathname === '/api/Admin/metrics'
        ? {
            status: 200,
            body: {
              success: true,
              data: {
                ...METRICS,
                servicem8: [
                  allowance('Alpha Plumbing', { throttledMsToday: 4_200 }),
                  allowance('Bravo Electrical', { callsToday: 20_000, throttled: true, throttledMsToday: 95_000 }),
                  allowance('Quiet Co', {}),
                ],
              },
            },
          }
        : undefined,
    );
    renderAsRoute(<AdminDashboard />, {
      path: '/admin/dashboard',
      at: '/admin/dashboard?from=2026-03-01&to=2026-03-02&granularity=day',
    });
    expect(await screen.findByText("Held back by ServiceM8's limits now: Bravo Electrical.")).toBeTruthy();
    expect(screen.getByTestId('throttled-time').textContent).toBe(
      'Waited for the limits in the last 24 hours: Bravo Electrical 95 s, Alpha Plumbing 4.2 s.',
    );
  });

  it('opens on the last 30 days by day when the URL names no range', () => {
    const now = Date.parse('2026-03-31T12:00:00Z');
    expect(readRange(new URLSearchParams(''), now)).toEqual({
      from: '2026-03-02',
      to: '2026-03-31',
      granularity: 'day',
    });
    expect(readRange(new URLSearchParams('from=2026-03-05&to=2026-03-01'), now).from).toBe('2026-03-02');
  });
});
