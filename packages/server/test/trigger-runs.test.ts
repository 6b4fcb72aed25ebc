import { randomUUID } from 'node:crypto';
import {
  ErrorBody,
  type RunStatus,
  type SearchQueryInput,
  searchPage,
  successEnvelope,
  Trigger,
  TriggerRun,
  TriggerRunDetail,
  toSearchParams,
} from '@automate/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationEvents, runSteps, triggerRuns } from '../src/modules/automation/automation.schema.ts';
import { bearer, createVendorTeam } from './support/factories.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
type Team = Awaited<ReturnType<typeof createVendorTeam>>;

beforeAll(async () => {
  services = await startTestServices();
});
afterAll(() => services.cleanup());

const RunPage = successEnvelope(searchPage(TriggerRun));
const OneRun = successEnvelope(TriggerRun);
const RunDetail = successEnvelope(TriggerRunDetail);
const errorOf = (response: { json(): unknown }) => ErrorBody.parse(response.json());
const db = () => services.deps.database.db;
const base = (team: Team) => `/api/vendor/${team.vendor.id}/Trigger`;
const get = (url: string, token: string, query: SearchQueryInput = {}) =>
  services.app.inject({ method: 'GET', url, query: toSearchParams(query), headers: bearer(token) });

async function createTrigger(team: Team, name: string): Promise<string> {
  const response = await services.app.inject({
    method: 'POST',
    url: base(team),
    headers: bearer(team.userToken),
    payload: {
      name,
      enabled: false,
      event: 'JobCompleted',
      targetKind: 'Job',
      actions: [{ id: 'a1', type: 'Job_AddNote', params: { text: 'Done.' } }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return successEnvelope(Trigger).parse(response.json()).data.id;
}

/** A run as the engine would write it (with its event), `minutesAgo` created. */
async function insertRun(
  team: Team,
  triggerId: string,
  values: {
    status: RunStatus;
    minutesAgo: number;
    dueInMinutes?: number;
    jobNumber?: string;
    event?: 'JobCompleted' | 'JobQuoteSent';
  },
): Promise<string> {
  const now = services.clock.now().getTime();
  const createdAt = new Date(now - values.minutesAgo * 60_000);
  const event = values.event ?? 'JobCompleted';
  const [eventRow] = await db()
    .insert(automationEvents)
    .values({
      vendorId: team.vendor.id,
      event,
      occurrenceKey: randomUUID(),
      jobUuid: randomUUID(),
      source: 'webhook',
      occurredAt: createdAt,
    })
    .returning();
  const [run] = await db()
    .insert(triggerRuns)
    .values({
      vendorId: team.vendor.id,
      triggerId,
      triggerVersion: 1,
      eventId: eventRow?.id ?? '',
      event,
      status: values.status,
      jobUuid: eventRow?.jobUuid ?? null,
      jobNumber: values.jobNumber ?? null,
      dueAt: new Date(now + (values.dueInMinutes ?? 0) * 60_000),
      startedAt: values.status === 'Scheduled' ? null : createdAt,
      finishedAt: ['Succeeded', 'Failed', 'Skipped', 'Cancelled'].includes(values.status) ? createdAt : null,
      reason: values.status === 'Skipped' ? 'The job is no longer a quote.' : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!run) throw new Error('no run');
  return run.id;
}

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
