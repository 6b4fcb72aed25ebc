// @vitest-environment happy-dom
import type { AutomationResults, TriggerRun, TriggerRunDetail } from '@automate/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testActivityEntry } from '@/testing/automation-results.ts';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { VENDOR_A as VENDOR } from '@/testing/sessions.ts';
import { RunLog } from './run-log.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const BASE = `/api/vendor/${VENDOR.vendorId}/Trigger`;
const TRIGGER_ID = '6f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11';
const RUN_ID = '8a1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11';

const RUN: TriggerRun = {
  id: RUN_ID,
  vendorId: VENDOR.vendorId,
  triggerId: TRIGGER_ID,
  triggerName: 'Quote follow-up',
  triggerVersion: 2,
  event: 'JobQuoteSent',
  status: 'Scheduled',
  jobUuid: '5d3e4a1b-0c9f-4b7a-8e2d-1f6a9b3c7d10',
  jobNumber: '1042',
  clientUuid: null,
  formResponseUuid: null,
  dueAt: '2026-04-04T09:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  reason: null,
  cascadeDepth: 0,
  sm8Calls: 3,
  retry: null,
  warnings: [],
  createdAt: '2026-04-01T09:00:00.000Z',
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
      input: {
        evaluation: {
          kind: 'group',
          where: 'conditions',
          combiner: 'And',
          result: true,
          reason: '2 of 2 conditions hold; all must hold.',
          items: [
            {
              kind: 'condition',
              where: 'conditions.0',
              type: 'JobQuoted',
              result: true,
              reason: 'The job is a quote? yes: its status is Quote.',
            },
            {
              kind: 'condition',
              where: 'conditions.1',
              type: 'JobExcludesBadges',
              result: true,
              reason: 'The job has none of the badges Won? yes: it has the badges Follow up.',
            },
          ],
        },
      },
      outcome: 'The job is a quote and has no “Won” badge.',
      startedAt: '2026-04-01T09:00:00.000Z',
      finishedAt: '2026-04-01T09:00:01.000Z',
    },
    {
      id: 's2',
      position: 1,
      kind: 'Action',
      actionId: 'a1',
      actionType: 'Job_AddNote',
      status: 'Started',
      input: { text: 'Followed up on 1042', recipients: ['a@example.com', 'b@example.com'] },
      outcome: '',
      startedAt: '2026-04-01T09:00:02.000Z',
      finishedAt: null,
    },
  ],
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => {
  vi.useRealTimers();
  stub.restore();
});

const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, message } });
const page = (rows: unknown[]) =>
  ok({ rows, total: rows.length, totalCapped: false, nextCursor: null, pageNumber: 1, pageSize: 25 });
const calls = (path: string) =>
  stub.calls.filter((call) => call.url.pathname === path).map((call) => call.url.searchParams);
const filtersOf = (params: URLSearchParams | undefined) => JSON.parse(params?.get('Filters') ?? '[]') as unknown[];

describe('the run log', () => {
  it('lists every run newest first and filters by status and days created, in the URL', async () => {
    stub = stubFetch(({ url }) => {
      if (url.pathname === `${BASE}/runs`) return page([RUN]);
      if (url.pathname === `${BASE}/search`) return page([]);
      return undefined;
    });
    const { router } = renderAsRoute(<RunLog vendor={VENDOR} />, {
      path: '/app/automation/logs',
      at: '/app/automation/logs',
    });
    const table = await screen.findByRole('table', { name: 'Runs' });
    await within(table).findByRole('link', { name: 'Quote follow-up' });
    expect(within(table).getByText('Scheduled')).toBeTruthy();
    expect(within(table).getByText('1042')).toBeTruthy();
    expect(within(table).getByText('A quote is sent')).toBeTruthy();
    // The results of one automation and the story of one job belong to their own pages.
    expect(screen.queryByRole('region', { name: 'Results' })).toBeNull();
    expect(screen.queryByRole('region', { name: /^What happened to job/ })).toBeNull();
    const first = calls(`${BASE}/runs`)[0];
    expect(first?.get('SortBy')).toBe('createdAt');
    expect(first?.get('SortDir')).toBe('Descending');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Failed' }));
    await waitFor(() =>
      expect(filtersOf(calls(`${BASE}/runs`).at(-1))).toEqual([{ action: 'Eq', field: 'status', value: 'Failed' }]),
    );

    await user.type(screen.getByLabelText('Created from'), '2026-04-01');
    await user.type(screen.getByLabelText('Created to'), '2026-04-03');
    await waitFor(() => expect(filtersOf(calls(`${BASE}/runs`).at(-1))).toHaveLength(3));
    const filters = filtersOf(calls(`${BASE}/runs`).at(-1)) as Array<{ action: string; field: string; value: string }>;
    const from = filters.find((filter) => filter.action === 'GtEq');
    const to = filters.find((filter) => filter.action === 'LtEq');
    expect(from?.field).toBe('createdAt');
    expect(new Date(from?.value ?? '').getTime()).toBe(new Date(2026, 3, 1).getTime());
    expect(new Date(to?.value ?? '').getTime()).toBe(new Date(2026, 3, 4).getTime() - 1);
    expect(new URLSearchParams(router.state.location.search).get('Filters')).toContain('GtEq');
    expect((screen.getByLabelText('Created from') as HTMLInputElement).value).toBe('2026-04-01');
  });

  it('shows a capped count as 10,000+, asks the next page by cursor and a job by its whole number', async () => {
    const runs = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ ...RUN, id: `run-${from + i}`, jobNumber: String(from + i) }));
    stub = stubFetch(({ url }) => {
      if (url.pathname === `${BASE}/search`) return page([]);
      if (url.pathname !== `${BASE}/runs`) return undefined;
      const cursor = url.searchParams.get('Cursor');
      const pageNumber = Number(url.searchParams.get('PageNumber') ?? 1);
      return ok({
        rows: runs((pageNumber - 1) * 25 + 1, 25),
        total: 10_000,
        totalCapped: true,
        nextCursor: `after-${pageNumber}${cursor ? `-${cursor}` : ''}`,
        pageNumber,
        pageSize: 25,
      });
    });
    renderAsRoute(<RunLog vendor={VENDOR} />, { path: '/app/automation/logs', at: '/app/automation/logs' });
    const table = await screen.findByRole('table', { name: 'Runs' });
    await within(table).findByText('1');
    expect(screen.getByText('1–25 of 10,000+')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await within(table).findByText('26', {}, { timeout: 5000 });
    expect(screen.getByText('26–50 of 10,000+')).toBeTruthy();
    const second = calls(`${BASE}/runs`).at(-1);
    expect(second?.get('PageNumber')).toBe('2');
    expect(second?.get('Cursor')).toBe('after-1');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await within(table).findByText('51', {}, { timeout: 5000 });
    expect(calls(`${BASE}/runs`).at(-1)?.get('Cursor')).toBe('after-2-after-1');

    // A new filter starts again at the first page, without a cursor.
    await user.type(screen.getByLabelText('Job number'), '1042');
    await waitFor(
      () =>
        expect(filtersOf(calls(`${BASE}/runs`).at(-1))).toEqual([{ action: 'Eq', field: 'jobNumber', value: '1042' }]),
      { timeout: 5000 },
    );
    expect(calls(`${BASE}/runs`).at(-1)?.get('Cursor')).toBeNull();
    expect(calls(`${BASE}/runs`).at(-1)?.get('PageNumber')).toBe('1');
  });

  it('opens a run’s step log in a side panel and cancels a scheduled run after confirming', async () => {
    let detail: TriggerRunDetail = DETAIL;
    stub = stubFetch(({ url }) => {
      if (url.pathname === `${BASE}/runs`) return page([{ ...RUN, status: detail.status }]);
      if (url.pathname === `${BASE}/search`) return page([]);
      if (url.pathname === `${BASE}/runs/${RUN_ID}`) return ok(detail);
      if (url.pathname === `${BASE}/runs/${RUN_ID}/cancel`) {
        detail = { ...DETAIL, status: 'Cancelled', reason: 'Cancelled by Robin Tester.' };
        return ok({ ...RUN, status: 'Cancelled' }, 'The run was cancelled.');
      }
      return undefined;
    });
    renderAsRoute(<RunLog vendor={VENDOR} />, { path: '/app/automation/logs', at: '/app/automation/logs' });
    await user.click(await screen.findByText('1042'));

    const panel = await screen.findByRole('dialog', { name: 'Quote follow-up' });
    const steps = await within(panel).findAllByTestId('run-step');
    expect(steps).toHaveLength(2);
    expect(within(steps[0] as HTMLElement).getByText('Conditions when it happened')).toBeTruthy();
    expect(within(steps[0] as HTMLElement).getByText('The job is a quote and has no “Won” badge.')).toBeTruthy();
    // What a step sent is behind "Details"; the sentence says what happened. The check of the conditions
    // reads as each condition's sentence with the values found, not as data.
    expect(within(steps[0] as HTMLElement).queryByText(/its status is Quote/)).toBeNull();
    await user.click(within(steps[0] as HTMLElement).getByRole('button', { name: 'Details' }));
    expect(within(steps[0] as HTMLElement).getByText('The job is a quote? yes: its status is Quote.')).toBeTruthy();
    expect(
      within(steps[0] as HTMLElement).getByText(
        'The job has none of the badges Won? yes: it has the badges Follow up.',
      ),
    ).toBeTruthy();
    expect(within(steps[0] as HTMLElement).queryByText(/"kind"|evaluation|combiner/)).toBeNull();
    expect(within(steps[1] as HTMLElement).getByText('Add a note to the job')).toBeTruthy();
    expect(within(steps[1] as HTMLElement).queryByText('Job_AddNote', { exact: false })).toBeNull();
    expect(within(steps[1] as HTMLElement).getByText('Started')).toBeTruthy();
    await user.click(within(steps[1] as HTMLElement).getByRole('button', { name: 'Details' }));
    expect(within(steps[1] as HTMLElement).getByText('Followed up on 1042')).toBeTruthy();
    expect(within(steps[1] as HTMLElement).getByText('a@example.com, b@example.com')).toBeTruthy();
    // Record uuids and call counts wait behind "Technical details".
    expect(within(panel).queryByText(RUN.jobUuid ?? '')).toBeNull();
    expect(within(panel).queryByText('ServiceM8 calls')).toBeNull();
    const technical = within(panel).getAllByRole('button', { name: 'Technical details' });
    await user.click(technical.at(-1) as HTMLElement);
    expect(within(panel).getByText(RUN.jobUuid ?? '')).toBeTruthy();
    expect(within(panel).getByText('ServiceM8 calls').nextSibling?.textContent).toBe('3');

    await user.click(within(panel).getByRole('button', { name: 'Cancel run' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this run?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel run' }));
    await screen.findByText('The run was cancelled.');
    expect(calls(`${BASE}/runs/${RUN_ID}/cancel`)).toHaveLength(1);
    // The panel reloads the run: now cancelled, with no cancel button and the reason.
    await within(panel).findByText('Cancelled by Robin Tester.');
    expect(within(panel).queryByRole('button', { name: 'Cancel run' })).toBeNull();
  });

  it('shows an Uncertain step with its sentence and the run’s reason as a warning', async () => {
    const outcome =
      'Uncertain — check the job diary: the text message may have gone out before the run was interrupted, and ServiceM8 would not show the diary (read_sms scope required); it was not sent again.';
    const uncertain: TriggerRunDetail = {
      ...DETAIL,
      status: 'Succeeded',
      reason: `Job_SendText: ${outcome}`,
      steps: [
        {
          ...(DETAIL.steps[1] as TriggerRunDetail['steps'][number]),
          actionType: 'Job_SendText',
          status: 'Uncertain',
          input: { to: '+61411555201', message: 'On our way' },
          outcome,
        },
      ],
    };
    stub = stubFetch(({ url }) => {
      if (url.pathname === `${BASE}/runs`) return page([{ ...RUN, status: 'Succeeded' }]);
      if (url.pathname === `${BASE}/search`) return page([]);
      if (url.pathname === `${BASE}/runs/${RUN_ID}`) return ok(uncertain);
      return undefined;
    });
    renderAsRoute(<RunLog vendor={VENDOR} />, { path: '/app/automation/logs', at: '/app/automation/logs' });
    await user.click(await screen.findByText('1042'));
    const panel = await screen.findByRole('dialog', { name: 'Quote follow-up' });
    const [step] = await within(panel).findAllByTestId('run-step');
    expect(within(step as HTMLElement).getByText('Uncertain')).toBeTruthy();
    expect(within(step as HTMLElement).getByText(outcome)).toBeTruthy();
    expect(within(panel).getByRole('alert').className).toMatch(/Warning/i);
  });

  it('shows a client message waiting for business hours while the run’s note is done', async () => {
    const waiting: TriggerRunDetail = {
      ...DETAIL,
      reason: 'Waiting for business hours — sends Mon 08:00.',
      steps: [
        { ...(DETAIL.steps[1] as TriggerRunDetail['steps'][number]), status: 'Succeeded', outcome: 'Added a note.' },
        {
          ...(DETAIL.steps[1] as TriggerRunDetail['steps'][number]),
          id: 's3',
          position: 2,
          actionId: 'a2',
          actionType: 'Job_SendText',
          status: 'Waiting',
          input: {},
          outcome: 'Waiting for business hours — sends Mon 08:00',
        },
      ],
    };
    stub = stubFetch(({ url }) => {
      if (url.pathname === `${BASE}/runs`) return page([RUN]);
      if (url.pathname === `${BASE}/search`) return page([]);
      if (url.pathname === `${BASE}/runs/${RUN_ID}`) return ok(waiting);
      return undefined;
    });
    renderAsRoute(<RunLog vendor={VENDOR} />, { path: '/app/automation/logs', at: '/app/automation/logs' });
    await user.click(await screen.findByText('1042'));
    const panel = await screen.findByRole('dialog', { name: 'Quote follow-up' });
    expect(within(panel).getByRole('alert').textContent).toBe('Waiting for business hours — sends Mon 08:00.');
    const [note, text] = await within(panel).findAllByTestId('run-step');
    expect(within(note as HTMLElement).getByText('Succeeded')).toBeTruthy();
    expect(within(text as HTMLElement).getByText('Waiting')).toBeTruthy();
    expect(within(text as HTMLElement).getByText('Waiting for business hours — sends Mon 08:00')).toBeTruthy();
  });

  it('says a run waiting to retry is retrying: what went wrong in people’s words, the attempt, the next try', async () => {
    const retry = {
      failedAttempts: 2,
      attemptsAllowed: 11,
      nextAttemptBy: '2026-04-04T09:10:00.000Z',
      lastError: 'ServiceM8 was busy or down: it said “Service Unavailable”',
    };
    const retrying = { ...RUN, status: 'Running' as const, retry };
    stub = stubFetch(({ url }) => {
      if (url.pathname === `${BASE}/runs`) return page([retrying]);
      if (url.pathname === `${BASE}/search`) return page([]);
      if (url.pathname === `${BASE}/runs/${RUN_ID}`) return ok({ ...DETAIL, ...retrying });
      return undefined;
    });
    renderAsRoute(<RunLog vendor={VENDOR} />, { path: '/app/automation/logs', at: '/app/automation/logs' });
    const sentence =
      /^ServiceM8 was busy or down: it said “Service Unavailable”\. Retrying by itself — attempt 3 of 11, next try by .+\. Nothing to do meanwhile; if every attempt fails, the run says so and can be retried\.$/;
    expect(await screen.findByText(sentence)).toBeTruthy();
    await user.click(await screen.findByText('1042'));
    const panel = await screen.findByRole('dialog', { name: 'Quote follow-up' });
    expect(within(panel).getByTestId('run-retrying').textContent).toMatch(sentence);
  });

  it('retries a failed run from its panel, and the failed runs of a page, only once confirmed: “Not now” leaves it Failed', async () => {
    const failed: TriggerRun = {
      ...RUN,
      status: 'Failed',
      reason: 'ServiceM8 no longer accepts this connection: an Admin needs to connect ServiceM8 again.',
    };
    const second = { ...failed, id: '9a1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11', jobNumber: '1043' };
    stub = stubFetch(({ url, method, body }) => {
      if (url.pathname === `${BASE}/runs`) return page([failed, second]);
      if (url.pathname === `${BASE}/search`) return page([]);
      if (url.pathname === `${BASE}/runs/${RUN_ID}`) return ok({ ...DETAIL, ...failed });
      if (method === 'POST' && url.pathname === `${BASE}/runs/${RUN_ID}/retry`) {
        return ok({ ...failed, status: 'Scheduled', reason: null }, 'The run was retried.');
      }
      if (method === 'POST' && url.pathname === `${BASE}/runs/retry`) {
        return ok({ retried: (body as { runIds: string[] }).runIds.length });
      }
      return undefined;
    });
    const filter = encodeURIComponent(JSON.stringify([{ action: 'Eq', field: 'status', value: 'Failed' }]));
    renderAsRoute(<RunLog vendor={VENDOR} />, {
      path: '/app/automation/logs',
      at: `/app/automation/logs?Filters=${filter}`,
    });
    await user.click(await screen.findByText('1042'));
    const panel = await screen.findByRole('dialog', { name: 'Quote follow-up' });
    // Asked first: "Not now" sends nothing and leaves the run Failed.
    await user.click(await within(panel).findByRole('button', { name: 'Retry run' }));
    const notNow = await screen.findByRole('dialog', { name: 'Retry this run?' });
    await user.click(within(notNow).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Retry this run?' })).toBeNull());
    expect(within(panel).getByTestId('run-status').textContent).toBe('Failed');
    expect(within(panel).getByRole('button', { name: 'Retry run' })).toBeTruthy();
    expect(stub.calls.filter((call) => call.url.pathname === `${BASE}/runs/${RUN_ID}/retry`)).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Retry run' }));
    const ask = await screen.findByRole('dialog', { name: 'Retry this run?' });
    expect(stub.calls.filter((call) => call.url.pathname === `${BASE}/runs/${RUN_ID}/retry`)).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Retry run' }));
    await screen.findByText('The run was retried.');
    expect(stub.calls.filter((call) => call.url.pathname === `${BASE}/runs/${RUN_ID}/retry`)).toHaveLength(1);
    await user.keyboard('{Escape}');

    await user.click(await screen.findByRole('button', { name: 'Retry these 2 failed runs' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retry these 2 failed runs?' });
    await user.click(within(confirm).getByRole('button', { name: 'Retry' }));
    await screen.findByText('2 runs were retried.');
    const batch = stub.calls.find((call) => call.url.pathname === `${BASE}/runs/retry`);
    expect(batch?.body).toEqual({ runIds: [RUN_ID, second.id] });
  });

  it('follows a retried run in its open panel until it ends, without a reload', async () => {
    const reason =
      'Action 1, “Add a note to the job”: ServiceM8 would not make the change: it said “Job is locked for editing”. It is not tried again by itself: put right what ServiceM8 objects to (in ServiceM8, or in the automation), then retry the run.';
    const conditions = DETAIL.steps[0] as TriggerRunDetail['steps'][number];
    const note = {
      ...(DETAIL.steps[1] as TriggerRunDetail['steps'][number]),
      status: 'Failed' as const,
      outcome: 'ServiceM8 would not make the change: it said “Job is locked for editing”.',
      finishedAt: '2026-04-01T09:00:03.000Z',
    };
    const failed: TriggerRunDetail = { ...DETAIL, status: 'Failed', reason, steps: [conditions, note] };
    const scheduled: TriggerRunDetail = {
      ...failed,
      status: 'Scheduled',
      reason: null,
      dueAt: new Date().toISOString(),
    };
    const succeeded: TriggerRunDetail = {
      ...scheduled,
      status: 'Succeeded',
      steps: [
        conditions,
        note,
        {
          ...note,
          id: 's3',
          position: 2,
          status: 'Succeeded',
          outcome: 'Added a note to job 1042: "Followed up on 1042"',
        },
      ],
    };
    const listed = ({ steps: _, ...run }: TriggerRunDetail): TriggerRun => run;
    // Once retried, the run is read as Scheduled, then as Succeeded from the next reading on.
    let answers: TriggerRunDetail[] = [failed];
    stub = stubFetch(({ url, method }) => {
      if (url.pathname === `${BASE}/runs`) return page([listed(answers[0] as TriggerRunDetail)]);
      if (url.pathname === `${BASE}/search`) return page([]);
      if (url.pathname === `${BASE}/runs/${RUN_ID}`) {
        const answer = answers[0];
        if (answers.length > 1) answers = answers.slice(1);
        return ok(answer);
      }
      if (method === 'POST' && url.pathname === `${BASE}/runs/${RUN_ID}/retry`) {
        answers = [scheduled, succeeded];
        return ok(listed(scheduled), 'The run was retried.');
      }
      return undefined;
    });
    const readings = () => stub.calls.filter((call) => call.url.pathname === `${BASE}/runs/${RUN_ID}`).length;
    renderAsRoute(<RunLog vendor={VENDOR} />, { path: '/app/automation/logs', at: '/app/automation/logs' });
    await user.click(await screen.findByText('1042'));
    const panel = await screen.findByRole('dialog', { name: 'Quote follow-up' });
    expect((await within(panel).findByRole('alert')).textContent).toBe(reason);
    expect(within(panel).getByTestId('run-status').textContent).toBe('Failed');

    // The panel reads a run about to run again every 2 s: the clock of those readings is the test's.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await user.click(within(panel).getByRole('button', { name: 'Retry run' }));
    const ask = await screen.findByRole('dialog', { name: 'Retry this run?' });
    await user.click(within(ask).getByRole('button', { name: 'Retry run' }));
    await screen.findByText('The run was retried.');
    await waitFor(() => expect(within(panel).getByTestId('run-status').textContent).toBe('Scheduled'));
    expect(within(panel).queryByRole('alert')).toBeNull();
    const before = readings();

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(within(panel).getByTestId('run-status').textContent).toBe('Succeeded'));
    expect(readings()).toBe(before + 1);
    expect(within(panel).getByText('Added a note to job 1042: "Followed up on 1042"')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Retry run' })).toBeNull();
    // A finished run is not read again.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(readings()).toBe(before + 1);
  });

  it('shows times relative to now, exact in the business’s time zone on hover', async () => {
    stub = stubFetch(({ url }) => {
      if (url.pathname === `${BASE}/runs`) return page([RUN]);
      if (url.pathname === `${BASE}/search`) return page([]);
      if (url.pathname === `/api/Vendor/${VENDOR.vendorId}`) {
        return ok({
          id: VENDOR.vendorId,
          name: VENDOR.name,
          timeZone: 'Australia/Perth',
          sm8Connected: true,
          currentSubscriptionType: null,
          hasCurrentSubscription: false,
          automationsSuspended: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        });
      }
      return undefined;
    });
    renderAsRoute(<RunLog vendor={VENDOR} />, { path: '/app/automation/logs', at: '/app/automation/logs' });
    const row = (await screen.findByText('1042')).closest('tr') as HTMLElement;
    // Created 2026-04-01 09:00 UTC: 5 pm in Perth.
    await waitFor(() =>
      expect(row.querySelector(`time[datetime="${RUN.createdAt}"]`)?.getAttribute('title')).toMatch(
        /1 Apr 2026.*5:00:00\s?pm/i,
      ),
    );
    expect(row.querySelector(`time[datetime="${RUN.createdAt}"]`)?.textContent).toMatch(/ago$/);
  });

  it('one automation’s logs ask that automation’s runs and name it', async () => {
    const results: AutomationResults = {
      triggerId: TRIGGER_ID,
      from: '2026-01-01T00:00:00.000Z',
      countedUntil: '2026-03-17T00:00:00.000Z',
      computedAt: '2026-03-31T00:00:00.000Z',
      quoteFollowUps: {
        approvedAfterFollowUp: { value: 0.4, sample: 10, note: null },
        approvedCount: 4,
        approvedValue: 10_000,
        approvedWithoutFollowUp: { value: null, sample: 3, note: 'Shown from 10 quotes; 3 so far.' },
      },
      paymentReminders: null,
      formRequests: null,
    };
    stub = stubFetch(({ url }) => {
      if (url.pathname === `${BASE}/${TRIGGER_ID}/runs`)
        return page([{ ...RUN, status: 'Failed', reason: 'No email.' }]);
      if (url.pathname === `${BASE}/${TRIGGER_ID}/results`) return ok(results);
      if (url.pathname === `${BASE}/${TRIGGER_ID}`) {
        return ok({
          id: TRIGGER_ID,
          vendorId: VENDOR.vendorId,
          version: 2,
          definition: {
            name: 'Quote follow-up',
            description: '',
            enabled: true,
            event: 'JobQuoteSent',
            targetKind: 'Job',
            conditions: { combiner: 'And', items: [] },
            recheckBeforeRun: true,
            actions: [{ id: 'a1', type: 'Job_AddNote', params: { text: 'x' } }],
          },
          attachments: [],
          createdAt: RUN.createdAt,
          updatedAt: RUN.createdAt,
        });
      }
      return undefined;
    });
    renderAsRoute(<RunLog vendor={VENDOR} triggerId={TRIGGER_ID} />, {
      path: '/app/automation/view/:id/logs',
      at: `/app/automation/view/${TRIGGER_ID}/logs`,
    });
    await screen.findByRole('heading', { name: 'Logs · Quote follow-up' });
    const table = await screen.findByRole('table', { name: 'Runs' });
    await within(table).findByText('No email.');
    expect(within(table).queryByRole('columnheader', { name: 'Automation' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Automation' })).toBeNull();
    expect(calls(`${BASE}/runs`)).toHaveLength(0);
    // Above its runs, what followed them.
    const panel = screen.getByRole('region', { name: 'Results' });
    expect(within(panel).getByRole('heading', { name: 'Results' })).toBeTruthy();
    expect((await within(panel).findByText('40%')).closest('p')?.textContent).toBe('40% of 10 quotes');
    expect(within(panel).getByText('Shown from 10 quotes; 3 so far.')).toBeTruthy();
  });

  it('a job number shows, under the job’s runs, what happened to the job: each change and why an automation did not run', async () => {
    const change = testActivityEntry('c1', '1042');
    stub = stubFetch(({ url }) => {
      if (url.pathname === `${BASE}/runs`) return page([RUN]);
      if (url.pathname === `${BASE}/search`) return page([]);
      if (url.pathname === `${BASE}/changes`) return ok({ items: [change], nextCursor: null });
      return undefined;
    });
    const filter = encodeURIComponent(JSON.stringify([{ field: 'jobNumber', action: 'Eq', value: '1042' }]));
    renderAsRoute(<RunLog vendor={VENDOR} />, {
      path: '/app/automation/logs',
      at: `/app/automation/logs?Filters=${filter}`,
    });
    const timeline = await screen.findByRole('region', { name: 'What happened to job 1042' });
    const entry = await within(timeline).findByRole('article', { name: /^Job 1042/ });
    expect(within(entry).getByText('Status: Quote → Work Order')).toBeTruthy();
    expect(within(entry).getByText('Conditions not met')).toBeTruthy();
    expect(within(entry).getByText("The job's status is Completed? no: it is Work Order.")).toBeTruthy();
    expect(calls(`${BASE}/changes`).at(-1)?.get('Job')).toBe('1042');
  });
});
