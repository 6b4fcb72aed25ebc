import type { TriggerRunDetail } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteConnection,
  findConnection,
  updateConnection,
  upsertConnection,
} from '../src/modules/servicem8/servicem8.repository.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { waitFor } from './support/wait-for.ts';

/**
 * Every failure of a run is either permanent (one attempt, a sentence that says what to do) or
 * transient (retried with backoff, the run saying so meanwhile).
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const { jobs, badges } = SEED_IDS;
const MINUTE = 60_000;
const note = { id: 'note', type: 'Job_AddNote', params: { text: 'Checked job {{ job.number }}' } } as const;

let triggerId: string | undefined;
afterEach(async () => {
  h.sim.controls.clearFaults();
  await updateConnection(h.deps.database.db, h.vendorId, { needsReconnectSince: null });
  if (triggerId) await h.deleteTrigger(triggerId);
  triggerId = undefined;
});

/**
 * A run scheduled a minute after `job`'s badges change (to `to`, which must differ from what the job
 * has), so the failure is met when it executes.
 */
async function scheduledRun(job: string, to: string[] = [badges.vip, badges.urgent]): Promise<void> {
  triggerId = await h.createTrigger({
    event: 'JobBadgesChanged',
    delay: { amount: 1, unit: 'Minute' },
    actions: [note],
  });
  await h.change('job', job, { badges: JSON.stringify(to) });
  const [run] = await h.settledRuns(triggerId, 1);
  expect(run?.status).toBe('Scheduled');
}

async function executedRun(): Promise<TriggerRunDetail> {
  await h.advance(MINUTE);
  const [run] = await h.settledRuns(triggerId ?? '', 1);
  if (!run) throw new Error('no run');
  return run;
}

const mailTo = async (templateKey: string) => {
  const result = await h.deps.database.db.execute(
    sql`select "to" from mail_outbox where template_key = ${templateKey} order by "to"`,
  );
  return (result as unknown as { rows: Array<{ to: string }> }).rows.map((row) => row.to);
};

describe('permanent failures: one attempt and a sentence that says what to do', () => {
  it('a connection ServiceM8 no longer accepts: fails at once, and the Admins hear of it once', async () => {
    await scheduledRun(jobs.quoteKitchenTap);
    await updateConnection(h.deps.database.db, h.vendorId, { needsReconnectSince: h.clock.now() });
    const run = await executedRun();
    expect(run).toMatchObject({
      status: 'Failed',
      reason: 'ServiceM8 no longer accepts this connection: an Admin needs to connect ServiceM8 again.',
      retry: null,
    });
    expect(await mailTo('automation-needs-admin')).toEqual([h.adminEmail]);

    // A second failing run within the hour sends nothing more.
    await h.deleteTrigger(triggerId ?? '');
    await updateConnection(h.deps.database.db, h.vendorId, { needsReconnectSince: null });
    await scheduledRun(jobs.quoteHotWater);
    await updateConnection(h.deps.database.db, h.vendorId, { needsReconnectSince: h.clock.now() });
    expect((await executedRun()).status).toBe('Failed');
    expect(await mailTo('automation-needs-admin')).toEqual([h.adminEmail]);
  });

  it('no ServiceM8 connection at all (disconnected meanwhile): fails at once and says to connect it', async () => {
    await scheduledRun(jobs.workOrderGasSafetyCheck);
    const connection = await findConnection(h.deps.database.db, h.vendorId);
    if (!connection) throw new Error('the harness vendor has no connection');
    await deleteConnection(h.deps.database.db, h.vendorId);
    try {
      const run = await executedRun();
      expect(run).toMatchObject({
        status: 'Failed',
        reason: 'ServiceM8 is not connected: an Admin needs to connect ServiceM8 first.',
        retry: null,
      });
    } finally {
      await upsertConnection(h.deps.database.db, connection);
    }
  });

  it('a refresh token ServiceM8 revoked: fails at once, without retrying, and says to connect again', async () => {
    await scheduledRun(jobs.completedBackflowTest);
    const connection = await findConnection(h.deps.database.db, h.vendorId);
    if (!connection) throw new Error('the harness vendor has no connection');
    // The access token has run out, and ServiceM8 refuses to renew it: the account revoked the app.
    await updateConnection(h.deps.database.db, h.vendorId, { accessTokenExpiresAt: h.clock.now() });
    h.sim.controls.addFault({
      kind: 'status',
      status: 400,
      method: 'POST',
      path: '/oauth/access_token',
      body: JSON.stringify({ error: 'invalid_grant', error_description: 'The refresh token has been revoked' }),
    });
    try {
      const run = await executedRun();
      expect(run).toMatchObject({
        status: 'Failed',
        reason: 'ServiceM8 no longer accepts this connection: an Admin needs to connect ServiceM8 again.',
        retry: null,
      });
      expect(h.sim.controls.faults()[0]?.hits).toBe(1);
    } finally {
      await updateConnection(h.deps.database.db, h.vendorId, {
        accessTokenExpiresAt: connection.accessTokenExpiresAt,
      });
    }
  });

  it('a text whose loops inside loops would keep the worker busy: fails at once, saying so in the step', async () => {
    const loops =
      '{% for i in (1..1000) %}{% for j in (1..1000) %}{% for k in (1..1000) %}{{ job.number }}{% endfor %}{% endfor %}{% endfor %}';
    triggerId = await h.createTrigger({
      event: 'JobBadgesChanged',
      delay: { amount: 1, unit: 'Minute' },
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: loops } }],
    });
    await h.change('job', jobs.unsuccessfulRenovationQuote, {
      badges: JSON.stringify([badges.safetyCheck, badges.onMyWay]),
    });
    const run = await executedRun();
    const sentence =
      'The text cannot be filled in: filling it in takes too long; loops inside loops repeat it too often.';
    expect(run).toMatchObject({
      status: 'Failed',
      reason: `Action 1, “Add a note to the job”: ${sentence}`,
      retry: null,
    });
    expect(run.steps.filter((step) => step.kind === 'Action')).toMatchObject([
      { actionId: 'note', status: 'Failed', outcome: sentence },
    ]);
  });

  it('a token ServiceM8 refuses (401): fails at once and says to connect again', async () => {
    await scheduledRun(jobs.workOrderBlockedSewer);
    h.sim.controls.addFault({ kind: 'status', status: 401, path: '/api_1.0/*' });
    const run = await executedRun();
    expect(run.status).toBe('Failed');
    expect(run.reason).toBe('ServiceM8 refused the connection (401): an Admin needs to connect ServiceM8 again.');
    expect(h.sim.controls.faults()[0]?.hits).toBe(1);
  });

  it('a change ServiceM8 refuses as invalid (400): the step and the run fail at once with its words', async () => {
    await scheduledRun(jobs.workOrderBurstPipe);
    h.sim.controls.addFault({
      kind: 'status',
      status: 400,
      method: 'POST',
      path: '/api_1.0/note.json',
      body: JSON.stringify({ errorCode: 400, message: 'note is too long' }),
    });
    const run = await executedRun();
    expect(run.status).toBe('Failed');
    expect(run.reason).toBe(
      'Action 1, “Add a note to the job”: ServiceM8 would not make the change: it said “note is too long”. It is not tried again by itself: put right what ServiceM8 objects to (in ServiceM8, or in the automation), then retry the run.',
    );
    expect(run.steps.at(-1)?.status).toBe('Failed');
    expect(h.sim.controls.faults()[0]?.hits).toBe(1);
  });

  it('a job deleted in ServiceM8 meanwhile: fails at once, saying so', async () => {
    await scheduledRun(jobs.completedCistern);
    h.sim.controls.writeRecord('job', jobs.completedCistern, { active: 0 });
    const run = await executedRun();
    expect(run.status).toBe('Failed');
    expect(run.reason).toMatch(
      /^Action 1, “Add a note to the job”: Job \d+ was deleted in ServiceM8, so nothing was done to it\.$/,
    );
  });
});

describe('transient failures: retried, and the run says so meanwhile', () => {
  const transientBadges: string[] = [];
  it.each([
    [
      'busy (429)',
      { kind: 'status', status: 429 },
      /^ServiceM8 said the account had sent it too many requests for now$/,
    ],
    [
      'failing (500)',
      { kind: 'status', status: 500 },
      /^ServiceM8 was busy or down: it (said “.+”|answered 500 without saying why)$/,
    ],
    [
      'down (503)',
      { kind: 'status', status: 503 },
      /^ServiceM8 was busy or down: it (said “.+”|answered 503 without saying why)$/,
    ],
    [
      'timing out',
      { kind: 'timeout', latencyMs: 200 },
      /^ServiceM8 (did not answer within [\d.]+ s|could not be reached)$/,
    ],
  ] as const)(
    'ServiceM8 %s: the run shows the attempt, the next try and the error, then succeeds',
    async (_what, fault, error) => {
      // The same job each time, with one badge more, so each case's change is a change.
      transientBadges.push(Object.values(badges)[transientBadges.length] ?? '');
      await scheduledRun(jobs.completedHotWater, transientBadges);
      // The delayed run's listing of what changed, or its read of the job.
      h.sim.controls.addFault({ ...fault, method: 'GET', path: '/api_1.0/job*' });
      await h.advance(MINUTE);
      const [waiting] = await waitFor(
        () => h.runsOf(triggerId ?? ''),
        (runs) => runs[0]?.retry !== null && runs[0]?.retry !== undefined,
        'the run to wait for a retry',
        30_000,
      );
      expect(waiting?.status).toBe('Running');
      expect(waiting?.retry).toMatchObject({ failedAttempts: 1, attemptsAllowed: 11 });
      expect(waiting?.retry?.lastError).toMatch(error);
      expect(new Date(waiting?.retry?.nextAttemptBy ?? 0).getTime()).toBeGreaterThan(h.clock.now().getTime());

      h.sim.controls.clearFaults();
      const [done] = await h.settledRuns(triggerId ?? '', 1, 60_000);
      expect(done).toMatchObject({ status: 'Succeeded', retry: null });
    },
  );
});

describe('retrying a failed run', () => {
  const retry = (path: string, payload?: object) =>
    h.app.inject({
      method: 'POST',
      url: `/api/vendor/${h.vendorId}/Trigger/runs/${path}`,
      headers: { authorization: `Bearer ${h.token}` },
      ...(payload ? { payload } : {}),
    });

  it('attempts the failed step anew once its cause is fixed, and does not repeat the steps that succeeded', async () => {
    const job = jobs.quoteDrainCctv;
    triggerId = await h.createTrigger({
      event: 'JobBadgesChanged',
      delay: { amount: 1, unit: 'Minute' },
      actions: [
        { id: 'badge', type: 'Job_AddBadge', params: { badgeUuid: badges.warranty } },
        { id: 'note', type: 'Job_AddNote', params: { text: 'Retried for job {{ job.number }}' } },
      ],
    });
    await h.change('job', job, { badges: JSON.stringify([badges.vip]) });
    h.sim.controls.addFault({ kind: 'status', status: 400, method: 'POST', path: '/api_1.0/note.json' });
    const failed = await executedRun();
    expect(failed.status).toBe('Failed');

    h.sim.controls.clearFaults();
    const response = await retry(`${failed.id}/retry`);
    expect(response.statusCode, response.body).toBe(200);
    const [done] = await h.settledRuns(triggerId, 1);
    expect(done?.status).toBe('Succeeded');
    expect(done?.steps.filter((step) => step.kind === 'Action').map((step) => [step.actionId, step.status])).toEqual([
      ['badge', 'Succeeded'],
      ['note', 'Failed'],
      ['note', 'Succeeded'],
    ]);
    const record = h.sim.controls.records('job').find((r) => r.uuid === job);
    expect((JSON.parse(String(record?.badges)) as string[]).filter((b) => b === badges.warranty)).toHaveLength(1);
    expect(h.sim.controls.records('note').filter((n) => String(n.note).startsWith('Retried for job'))).toHaveLength(1);

    const again = await retry(`${failed.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed run can be retried; this one is Succeeded.');
  });

  it('retries a batch of failed runs, leaving the others alone', async () => {
    await scheduledRun(jobs.unsuccessfulGasLeak);
    h.sim.controls.addFault({ kind: 'status', status: 401, path: '/api_1.0/*' });
    const failed = await executedRun();
    h.sim.controls.clearFaults();
    const other = '00000000-0000-4000-8000-000000000000';
    const response = await retry('retry', { runIds: [failed.id, other] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ retried: 1 });
    const [done] = await h.settledRuns(triggerId ?? '', 1);
    expect(done?.status).toBe('Succeeded');
  });
});
