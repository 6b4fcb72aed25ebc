import { randomUUID } from 'node:crypto';
import {
  ErrorBody,
  RUN_COUNT_CAP,
  RUN_STATUSES,
  type RunStatus,
  type SearchQueryInput,
  successEnvelope,
  TRIGGER_EVENTS,
  TriggerRun,
  TriggerRunDetail,
  TriggerRunPage,
  toSearchParams,
} from '@automate/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSteps, triggerRuns } from '../src/modules/automation/automation.schema.ts';
import { bearer, createVendorTeam } from './support/factories.ts';
import { createTestTrigger, insertTestRun, type TestRunValues } from './support/run-factory.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
type Team = Awaited<ReturnType<typeof createVendorTeam>>;

beforeAll(async () => {
  services = await startTestServices();
});
afterAll(() => services.cleanup());

const RunPage = successEnvelope(TriggerRunPage);
const OneRun = successEnvelope(TriggerRun);
const RunDetail = successEnvelope(TriggerRunDetail);
const errorOf = (response: { json(): unknown }) => ErrorBody.parse(response.json());
const db = () => services.deps.database.db;
const base = (team: Team) => `/api/vendor/${team.vendor.id}/Trigger`;
const get = (url: string, token: string, query: SearchQueryInput = {}) =>
  services.app.inject({ method: 'GET', url, query: toSearchParams(query), headers: bearer(token) });

const createTrigger = (team: Team, name: string) => createTestTrigger(services, team, name);
const insertRun = (team: Team, triggerId: string, values: TestRunValues) =>
  insertTestRun(services, team.vendor.id, triggerId, values);

describe('listing runs', () => {
  let team: Team;
  const triggers: Record<string, string> = {};
  const runs: Record<string, string> = {};

  beforeAll(async () => {
    team = await createVendorTeam(services.deps);
    triggers.chaser = await createTrigger(team, 'Quote chaser');
    triggers.thanks = await createTrigger(team, 'Thank you note');
    runs.old = await insertRun(team, triggers.chaser, { status: 'Succeeded', minutesAgo: 300, jobNumber: '1001' });
    runs.skipped = await insertRun(team, triggers.chaser, {
      status: 'Skipped',
      minutesAgo: 200,
      jobNumber: '1002',
      event: 'JobQuoteSent',
    });
    runs.failed = await insertRun(team, triggers.thanks, { status: 'Failed', minutesAgo: 100, jobNumber: '1003' });
    runs.scheduled = await insertRun(team, triggers.thanks, {
      status: 'Scheduled',
      minutesAgo: 10,
      dueInMinutes: 60 * 24,
      jobNumber: '2042',
    });
    const other = await createVendorTeam(services.deps);
    await insertRun(other, await createTrigger(other, 'Not yours'), { status: 'Succeeded', minutesAgo: 1 });
  });

  const ids = async (url: string, query: SearchQueryInput = {}) => {
    const response = await get(url, team.userToken, query);
    expect(response.statusCode, response.body).toBe(200);
    return RunPage.parse(response.json()).data.rows.map((row) => row.id);
  };

  it("lists the vendor's runs newest first, with the trigger's name", async () => {
    const page = RunPage.parse((await get(`${base(team)}/runs`, team.userToken)).json()).data;
    expect(page.total).toBe(4);
    expect(page.rows.map((row) => row.id)).toEqual([runs.scheduled, runs.failed, runs.skipped, runs.old]);
    expect(page.rows[0]).toMatchObject({
      triggerId: triggers.thanks,
      triggerName: 'Thank you note',
      status: 'Scheduled',
      jobNumber: '2042',
      startedAt: null,
    });
    expect(page.rows[2]).toMatchObject({ status: 'Skipped', reason: 'The job is no longer a quote.' });
  });

  it('pages and sorts', async () => {
    const page = RunPage.parse(
      (await get(`${base(team)}/runs`, team.userToken, { PageSize: 3, PageNumber: 2 })).json(),
    ).data;
    expect(page).toMatchObject({ total: 4, pageNumber: 2, pageSize: 3 });
    expect(page.rows.map((row) => row.id)).toEqual([runs.old]);
    expect(await ids(`${base(team)}/runs`, { SortBy: 'dueAt', SortDir: 'Descending' })).toHaveLength(4);
    expect((await ids(`${base(team)}/runs`, { SortBy: 'createdAt', SortDir: 'Ascending' }))[0]).toBe(runs.old);
  });

  it("sorts and filters by the trigger's name", async () => {
    const url = `${base(team)}/runs`;
    const names = async (query: SearchQueryInput) =>
      RunPage.parse((await get(url, team.userToken, query)).json()).data.rows.map((row) => row.triggerName);
    expect(await names({ SortBy: 'triggerName', SortDir: 'Ascending' })).toEqual([
      'Quote chaser',
      'Quote chaser',
      'Thank you note',
      'Thank you note',
    ]);
    expect((await names({ SortBy: 'triggerName', SortDir: 'Descending' }))[0]).toBe('Thank you note');
    expect(await ids(url, { Filters: [{ action: 'ILike', field: 'triggerName', value: 'THANK' }] })).toEqual([
      runs.scheduled,
      runs.failed,
    ]);
    expect(await ids(url, { Filters: [{ action: 'Eq', field: 'triggerName', value: 'Quote chaser' }] })).toEqual([
      runs.skipped,
      runs.old,
    ]);
  });

  it('filters by status, trigger, job number, event and dates', async () => {
    const url = `${base(team)}/runs`;
    expect(await ids(url, { Filters: [{ action: 'Eq', field: 'status', value: 'Scheduled' }] })).toEqual([
      runs.scheduled,
    ]);
    expect(await ids(url, { Filters: [{ action: 'Eq', field: 'triggerId', value: triggers.chaser ?? '' }] })).toEqual([
      runs.skipped,
      runs.old,
    ]);
    expect(await ids(url, { Filters: [{ action: 'Like', field: 'jobNumber', value: '100' }] })).toEqual([
      runs.failed,
      runs.skipped,
      runs.old,
    ]);
    expect(await ids(url, { Filters: [{ action: 'Eq', field: 'event', value: 'JobQuoteSent' }] })).toEqual([
      runs.skipped,
    ]);
    const hourAgo = new Date(services.clock.now().getTime() - 150 * 60_000).toISOString();
    expect(await ids(url, { Filters: [{ action: 'Gt', field: 'createdAt', value: hourAgo }] })).toEqual([
      runs.scheduled,
      runs.failed,
    ]);
    const tomorrowish = new Date(services.clock.now().getTime() + 60 * 60_000).toISOString();
    expect(await ids(url, { Filters: [{ action: 'Gt', field: 'dueAt', value: tomorrowish }] })).toEqual([
      runs.scheduled,
    ]);
    const bad = await get(url, team.userToken, { Filters: [{ action: 'Eq', field: 'status', value: 'Exploded' }] });
    expect(bad.statusCode).toBe(400);
    const unknown = await get(url, team.userToken, { Filters: [{ action: 'Eq', field: 'reason', value: 'x' }] });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toContain('You cannot filter runs by "reason"');
  });

  it("lists one trigger's runs, and answers 404 for a trigger that is not the vendor's", async () => {
    expect(await ids(`${base(team)}/${triggers.thanks}/runs`)).toEqual([runs.scheduled, runs.failed]);
    expect(
      await ids(`${base(team)}/${triggers.thanks}/runs`, {
        Filters: [{ action: 'Eq', field: 'status', value: 'Failed' }],
      }),
    ).toEqual([runs.failed]);
    const missing = await get(`${base(team)}/${randomUUID()}/runs`, team.userToken);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe('The trigger was not found.');
    const notAnId = await get(`${base(team)}/not-an-id/runs`, team.userToken);
    expect(notAnId.statusCode).toBe(400);
  });
});

describe('paging through many runs', () => {
  let team: Team;
  const triggerIds: string[] = [];
  const STATUSES: RunStatus[] = ['Scheduled', 'Running', 'Succeeded', 'Failed', 'Skipped'];
  const SORTS = ['createdAt', 'dueAt', 'startedAt', 'finishedAt', 'status', 'jobNumber', 'event', 'triggerName'];
  const RUNS = 30;

  beforeAll(async () => {
    team = await createVendorTeam(services.deps);
    // Two automations share a name, so sorting by name has ties across automations too.
    for (const name of ['Alpha', 'Beta', 'Alpha']) triggerIds.push(await createTrigger(team, name));
    for (let i = 0; i < RUNS; i++) {
      await insertRun(team, triggerIds[i % 3] ?? '', {
        status: STATUSES[i % STATUSES.length] ?? 'Succeeded',
        // Four runs a minute: creation times, due times, job numbers and the rest all have ties.
        minutesAgo: Math.floor(i / 4),
        dueInMinutes: i % 3,
        ...(i % 4 === 0 ? {} : { jobNumber: String(1000 + (i % 6)) }),
        event: i % 2 === 0 ? 'JobCompleted' : 'JobQuoteSent',
      });
    }
  });

  const search = async (url: string, query: SearchQueryInput) => {
    const response = await get(url, team.userToken, query);
    expect(response.statusCode, response.body).toBe(200);
    return RunPage.parse(response.json()).data;
  };

  /** Every page, following each page's nextCursor; checks each page on the way. */
  async function walk(url: string, query: SearchQueryInput): Promise<TriggerRun[]> {
    const rows: TriggerRun[] = [];
    let cursor: string | undefined;
    for (let pageNumber = 1; pageNumber <= 100; pageNumber++) {
      const page = await search(url, { ...query, PageNumber: pageNumber, ...(cursor ? { Cursor: cursor } : {}) });
      expect(page.pageNumber).toBe(pageNumber);
      expect(page.totalCapped).toBe(false);
      rows.push(...page.rows);
      if (page.nextCursor === null) {
        expect(rows).toHaveLength(page.total);
        return rows;
      }
      expect(page.rows).toHaveLength(query.PageSize ?? 50);
      cursor = page.nextCursor;
    }
    throw new Error('more than 100 pages');
  }

  /**
   * The order the API promises: the field (NULL after every value), then created, then id, one way;
   * by name, each automation's runs together (automations of the same name in the order of their ids).
   */
  function expectedOrder(rows: TriggerRun[], field: string, direction: 'Ascending' | 'Descending') {
    const rank = (row: TriggerRun): string | number | null => {
      const value = (row as unknown as Record<string, string | number | null>)[field] ?? null;
      // Enums sort in the order they were declared.
      if (field === 'status') return RUN_STATUSES.indexOf(row.status);
      if (field === 'event') return TRIGGER_EVENTS.indexOf(row.event);
      if (field === 'triggerName') return `${row.triggerName} ${row.triggerId}`;
      return value;
    };
    const compare = (a: string | number | null, b: string | number | null) =>
      a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
    const sign = direction === 'Ascending' ? 1 : -1;
    return [...rows].sort(
      (a, b) => sign * (compare(rank(a), rank(b)) || compare(a.createdAt, b.createdAt) || compare(a.id, b.id)),
    );
  }

  it('walks every sort both ways by cursor without repeating or skipping a run, ties included', async () => {
    const url = `${base(team)}/runs`;
    for (const SortBy of SORTS) {
      for (const SortDir of ['Ascending', 'Descending'] as const) {
        const all = (await search(url, { SortBy, SortDir, PageSize: 500 })).rows;
        expect(all, `${SortBy} ${SortDir}`).toHaveLength(RUNS);
        expect(all.map((row) => row.id)).toEqual(expectedOrder(all, SortBy, SortDir).map((row) => row.id));

        const walked = await walk(url, { SortBy, SortDir, PageSize: 7 });
        expect(
          walked.map((row) => row.id),
          `${SortBy} ${SortDir}`,
        ).toEqual(all.map((row) => row.id));

        // Paging by number gives the same pages.
        const third = await search(url, { SortBy, SortDir, PageSize: 7, PageNumber: 3 });
        expect(third.rows.map((row) => row.id)).toEqual(all.slice(14, 21).map((row) => row.id));
      }
    }
  });

  it('keeps the filters and the one-automation list while paging by cursor', async () => {
    const failed = [{ action: 'Eq' as const, field: 'status', value: 'Failed' }];
    const url = `${base(team)}/runs`;
    const walked = await walk(url, { Filters: failed, PageSize: 2 });
    expect(walked.length).toBe(RUNS / STATUSES.length);
    expect(walked.every((row) => row.status === 'Failed')).toBe(true);
    expect(walked.map((row) => row.id)).toEqual((await search(url, { Filters: failed })).rows.map((row) => row.id));

    const job = [{ action: 'Eq' as const, field: 'jobNumber', value: '1001' }];
    const jobRuns = await walk(url, { Filters: job, PageSize: 2, SortBy: 'dueAt', SortDir: 'Ascending' });
    expect(jobRuns.length).toBeGreaterThan(2);
    expect(jobRuns.every((row) => row.jobNumber === '1001')).toBe(true);

    const one = `${base(team)}/${triggerIds[1]}/runs`;
    const beta = await walk(one, { PageSize: 3, SortBy: 'finishedAt', SortDir: 'Descending' });
    expect(beta).toHaveLength(RUNS / 3);
    expect(beta.every((row) => row.triggerName === 'Beta')).toBe(true);
  });

  it('continues after the last run shown when newer runs arrive meanwhile', async () => {
    const other = await createVendorTeam(services.deps);
    const triggerId = await createTrigger(other, 'Busy');
    for (let i = 0; i < 6; i++) await insertRun(other, triggerId, { status: 'Succeeded', minutesAgo: 10 + i });
    const url = `${base(other)}/runs`;
    const list = async (query: SearchQueryInput) => RunPage.parse((await get(url, other.userToken, query)).json()).data;
    const first = await list({ PageSize: 3 });
    const before = (await list({ PageSize: 500 })).rows.map((row) => row.id);
    await insertRun(other, triggerId, { status: 'Scheduled', minutesAgo: 0 });
    const second = await list({ PageSize: 3, PageNumber: 2, Cursor: first.nextCursor ?? '' });
    expect(second.rows.map((row) => row.id)).toEqual(before.slice(3, 6));
    expect(second.total).toBe(7);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not give out, or one of another sort, with 400', async () => {
    const url = `${base(team)}/runs`;
    const page = await search(url, { PageSize: 2 });
    const cursor = page.nextCursor ?? '';
    const refusal = async (query: SearchQueryInput) => {
      const response = await get(url, team.userToken, query);
      expect(response.statusCode, response.body).toBe(400);
      return errorOf(response).message;
    };
    expect(await refusal({ Cursor: 'not-a-cursor' })).toBe(
      'The cursor cannot be used: it is not a cursor this search gave out.',
    );
    expect(await refusal({ Cursor: cursor, SortBy: 'status', SortDir: 'Descending' })).toBe(
      'The cursor cannot be used: it belongs to another sort order; start again from the first page.',
    );
    const body = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { k: string[] };
    const tampered = { ...body, k: ['yesterday', ...body.k.slice(1)] };
    expect(await refusal({ Cursor: Buffer.from(JSON.stringify(tampered)).toString('base64url') })).toBe(
      'The cursor cannot be used: it is not a cursor this search gave out.',
    );
    expect(await refusal({ Cursor: 'has spaces' })).toContain('Cursor');
  });

  it(`counts up to ${RUN_COUNT_CAP.toLocaleString('en')} runs and says when there are more`, async () => {
    const big = await createVendorTeam(services.deps);
    const triggerId = await createTrigger(big, 'Very busy');
    const count = RUN_COUNT_CAP + 1;
    await db().execute(sql`
      insert into automation_events (vendor_id, event, occurrence_key, source, occurred_at)
      select ${big.vendor.id}, 'JobCompleted', 'many:' || g, 'webhook', now() - g * interval '1 second'
        from generate_series(1, ${count}) g`);
    await db().execute(sql`
      insert into trigger_runs (vendor_id, trigger_id, trigger_version, event_id, event, status, job_number,
                                due_at, created_at, updated_at)
      select e.vendor_id, ${triggerId}, 1, e.id, e.event,
             (case when right(e.occurrence_key, 1) = '7' then 'Failed' else 'Succeeded' end)::trigger_run_status,
             right(e.occurrence_key, 3), e.occurred_at, e.occurred_at, e.occurred_at
        from automation_events e where e.vendor_id = ${big.vendor.id}`);
    const url = `${base(big)}/runs`;
    const get25 = async (query: SearchQueryInput) => {
      const response = await get(url, big.userToken, { PageSize: 25, ...query });
      expect(response.statusCode, response.body).toBe(200);
      return RunPage.parse(response.json()).data;
    };
    const first = await get25({});
    expect(first).toMatchObject({ total: RUN_COUNT_CAP, totalCapped: true });
    const failed = await get25({ Filters: [{ action: 'Eq', field: 'status', value: 'Failed' }] });
    expect(failed).toMatchObject({ total: Math.floor(count / 10) + (count % 10 >= 7 ? 1 : 0), totalCapped: false });
    // The last page by number holds the one run past the cap, the oldest.
    const last = await get25({ PageNumber: count });
    expect(last.rows).toHaveLength(0);
    const oldest = await get25({ PageSize: 1, PageNumber: count });
    expect(oldest).toMatchObject({ total: RUN_COUNT_CAP, totalCapped: true, nextCursor: null });
    expect(oldest.rows[0]?.jobNumber).toBe(String(count).slice(-3));
  });
});

describe('a run and its steps', () => {
  it('reads the run with its steps in order', async () => {
    const team = await createVendorTeam(services.deps);
    const runId = await insertRun(team, await createTrigger(team, 'Logger'), { status: 'Succeeded', minutesAgo: 5 });
    const at = services.clock.now();
    await db()
      .insert(runSteps)
      .values([
        {
          runId,
          position: 1,
          kind: 'Action',
          actionId: 'a1',
          actionType: 'Job_AddNote',
          status: 'Succeeded',
          input: { text: 'Done.' },
          outcome: 'Added the note.',
          startedAt: at,
          finishedAt: at,
        },
        {
          runId,
          position: 0,
          kind: 'Conditions',
          status: 'Succeeded',
          outcome: 'All conditions were met.',
          startedAt: at,
          finishedAt: at,
        },
      ]);
    const response = await get(`${base(team)}/runs/${runId}`, team.userToken);
    expect(response.statusCode, response.body).toBe(200);
    const run = RunDetail.parse(response.json()).data;
    expect(run).toMatchObject({ id: runId, triggerName: 'Logger', status: 'Succeeded' });
    expect(run.steps.map((step) => [step.position, step.kind, step.actionType, step.outcome])).toEqual([
      [0, 'Conditions', null, 'All conditions were met.'],
      [1, 'Action', 'Job_AddNote', 'Added the note.'],
    ]);
    expect(run.steps[1]?.input).toEqual({ text: 'Done.' });
    const missing = await get(`${base(team)}/runs/${randomUUID()}`, team.userToken);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe('The run was not found.');
  });
});

describe('cancelling a run', () => {
  let team: Team;
  let triggerId: string;
  beforeAll(async () => {
    team = await createVendorTeam(services.deps);
    triggerId = await createTrigger(team, 'Cancellable');
  });
  const cancel = (runId: string, token = team.userToken) => get(`${base(team)}/runs/${runId}/cancel`, token);

  it('cancels a scheduled run, saying who did it, and only once', async () => {
    const runId = await insertRun(team, triggerId, { status: 'Scheduled', minutesAgo: 1, dueInMinutes: 60 });
    const before = services.clock.now().getTime();
    const response = await cancel(runId);
    expect(response.statusCode, response.body).toBe(200);
    const run = OneRun.parse(response.json()).data;
    expect(run).toMatchObject({ id: runId, status: 'Cancelled', reason: 'Cancelled by Uma User.' });
    expect(new Date(run.finishedAt ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const again = await cancel(runId);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('The run has already finished (Cancelled).');
  });

  it('refuses a run that has started or finished', async () => {
    const running = await insertRun(team, triggerId, { status: 'Running', minutesAgo: 2 });
    const response = await cancel(running);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe('The run has already started; it can no longer be cancelled.');
    const [row] = await db().select().from(triggerRuns).where(eq(triggerRuns.id, running));
    expect(row?.status).toBe('Running');

    const succeeded = await insertRun(team, triggerId, { status: 'Succeeded', minutesAgo: 3 });
    const done = await cancel(succeeded);
    expect(done.statusCode).toBe(409);
    expect(errorOf(done).message).toBe('The run has already finished (Succeeded).');
  });

  it("answers 404 for another vendor's run, and leaves it scheduled", async () => {
    const other = await createVendorTeam(services.deps, 'Zulu Zinc');
    const theirs = await insertRun(other, await createTrigger(other, 'Zulu trigger'), {
      status: 'Scheduled',
      minutesAgo: 1,
    });
    for (const url of [`${base(team)}/runs/${theirs}/cancel`, `${base(team)}/runs/${theirs}`]) {
      const response = await get(url, team.adminToken);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Zulu');
    }
    const mine = RunPage.parse((await get(`${base(team)}/runs`, team.adminToken)).json()).data;
    expect(mine.rows.map((row) => row.id)).not.toContain(theirs);
    const [row] = await db().select().from(triggerRuns).where(eq(triggerRuns.id, theirs));
    expect(row?.status).toBe('Scheduled');
  });
});
