// @vitest-environment happy-dom
import type { TriggerRun, TriggerRunDetail } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { VENDOR_A as VENDOR } from '@/testing/sessions.ts';
import { RunLog } from './run-log.tsx';

/**
 * Every time the run log shows of a run (its row, its panel's created, due, started and finished times,
 * each step's time, the next retry) is on the business's clock, named, when the browser is elsewhere.
 */

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 20_000 });

const BASE = `/api/vendor/${VENDOR.vendorId}/Trigger`;
const RUN_ID = '8a1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11';
/** 19:00 UTC: 8:00 am the next day in Auckland (NZDT), 2:00 pm in New York. */
const EIGHT_AM = '2026-11-29T19:00:00.000Z';

const RUN: TriggerRun = {
  id: RUN_ID,
  vendorId: VENDOR.vendorId,
  triggerId: '6f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11',
  triggerName: 'Quote follow-up',
  triggerVersion: 2,
  event: 'JobQuoteSent',
  status: 'Running',
  jobUuid: '5d3e4a1b-0c9f-4b7a-8e2d-1f6a9b3c7d10',
  jobNumber: '1042',
  clientUuid: null,
  formResponseUuid: null,
  dueAt: EIGHT_AM,
  startedAt: EIGHT_AM,
  finishedAt: EIGHT_AM,
  reason: null,
  cascadeDepth: 0,
  sm8Calls: 3,
  retry: {
    failedAttempts: 1,
    attemptsAllowed: 11,
    nextAttemptBy: EIGHT_AM,
    lastError: 'ServiceM8 was busy or down: it said “Service Unavailable”',
  },
  warnings: [],
  createdAt: EIGHT_AM,
};
const DETAIL: TriggerRunDetail = {
  ...RUN,
  steps: [
    {
      id: 's1',
      position: 0,
      kind: 'Conditions',
      actionId: null,
      actionType: null,
      status: 'Succeeded',
      input: { combiner: 'And', checked: 1 },
      outcome: 'The job is a quote.',
      startedAt: EIGHT_AM,
      finishedAt: EIGHT_AM,
    },
  ],
};
const vendorRecord = (timeZone: string) => ({
  id: VENDOR.vendorId,
  name: VENDOR.name,
  timeZone,
  sm8Connected: true,
  currentSubscriptionType: null,
  hasCurrentSubscription: false,
  automationsSuspended: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const page = (rows: unknown[]) =>
  ok({ rows, total: rows.length, totalCapped: false, nextCursor: null, pageNumber: 1, pageSize: 25 });

let stub: ReturnType<typeof stubFetch>;
afterEach(() => {
  stub.restore();
  vi.unstubAllEnvs();
});

/** The run log of a business in `timeZone`, its run's panel open: every time it shows, as shown. */
async function shownTimes(timeZone: string): Promise<string[]> {
  stub = stubFetch(({ url }) => {
    if (url.pathname === `${BASE}/runs`) return page([RUN]);
    if (url.pathname === `${BASE}/search`) return page([]);
    if (url.pathname === `${BASE}/runs/${RUN_ID}`) return ok(DETAIL);
    if (url.pathname === `/api/Vendor/${VENDOR.vendorId}`) return ok(vendorRecord(timeZone));
    return undefined;
  });
  renderAsRoute(<RunLog vendor={VENDOR} />, { path: '/app/automation/logs', at: '/app/automation/logs' });
  const row = (await screen.findByText('1042')).closest('tr') as HTMLElement;
  await user.click(within(row).getByText('1042'));
  const panel = await screen.findByRole('dialog', { name: 'Quote follow-up' });
  const times = () => [...document.querySelectorAll(`time[datetime="${EIGHT_AM}"]`)];
  // created, due, started, finished in the row and the panel; the step's time
  await waitFor(() => expect(times().length).toBeGreaterThanOrEqual(6));
  await within(panel).findAllByText(/next try by/);
  const retry = within(panel).getByTestId('run-retrying').textContent ?? '';
  const nextTry = /next try by (.+?)\. Nothing to do/.exec(retry)?.[1] ?? retry;
  return [...times().map((time) => time.getAttribute('title') ?? ''), nextTry];
}

describe('the times of a run', () => {
  it('are on the business’s clock, named, when the browser is in another zone', async () => {
    vi.stubEnv('TZ', 'America/New_York');
    const shown = await shownTimes('Pacific/Auckland');
    for (const time of shown) expect(time).toMatch(/^Mon, 30 Nov 2026, 8:00(:00)? am NZDT$/);
  });

  it('name no zone when the browser keeps the business’s clock', async () => {
    vi.stubEnv('TZ', 'Pacific/Auckland');
    const shown = await shownTimes('Pacific/Auckland');
    for (const time of shown) expect(time).toMatch(/^Mon, 30 Nov 2026, 8:00(:00)? am$/);
  });
});
