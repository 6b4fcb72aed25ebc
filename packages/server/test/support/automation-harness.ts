import type { TriggerDefinitionInput, TriggerRunDetail } from '@automate/contract';
import type { Simulator, SimulatorOptions } from '@automate/servicem8-sim';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DestinationStream, LevelWithSilent } from 'pino';
import type { DatabaseTarget } from '../../src/db/database.ts';
import { bucketShape } from '../../src/integrations/servicem8/rate-limiter.ts';
import { sm8ReconcileCursors } from '../../src/modules/automation/automation.schema.ts';
import { executeRunsJob } from '../../src/modules/automation/execute/execute-run.jobs.ts';
import { dispatchDueRuns } from '../../src/modules/automation/execute/run-dispatch.service.ts';
import { reconcileVendor } from '../../src/modules/automation/observe/reconciliation.service.ts';
import type { SpoolWrite } from '../../src/modules/webhooks/delivery-spool.ts';
import { connectToSimulator } from './connect-simulator.ts';
import { bearer, createVendorTeam, tokenFor } from './factories.ts';
import { startTestServices, type TestServices } from './test-services.ts';
import { waitFor } from './wait-for.ts';

/** A job due within this many seconds is one waiting out a retry's backoff, not a delay a test set. */
const SOON_SECONDS = 30;

type VendorTeam = Awaited<ReturnType<typeof createVendorTeam>>;

export type AutomationHarness = TestServices & {
  sim: Simulator;
  vendorId: string;
  team: VendorTeam;
  token: string;
  /** A session of the vendor's User (not an Admin). */
  userToken: string;
  /** The vendor Admin's email: signs in with `TEST_PASSWORD` (a browser journey's way in). */
  adminEmail: string;
  /** Saves a trigger through the API (enabled unless it says otherwise); answers its id. */
  createTrigger(definition: Partial<TriggerDefinitionInput> & Pick<TriggerDefinitionInput, 'event'>): Promise<string>;
  /** Writes to the simulator as a ServiceM8 user would, and waits until its webhooks were delivered. */
  change(object: string, uuid: string | undefined, fields: Record<string, unknown>): Promise<string>;
  /** The trigger's runs with their steps, newest first. */
  runsOf(triggerId: string): Promise<TriggerRunDetail[]>;
  /** Waits until every run of the trigger is finished and there are `count` of them. */
  settledRuns(triggerId: string, count: number, timeoutMs?: number): Promise<TriggerRunDetail[]>;
  /** As `settledRuns`, for many runs: answers how many runs ended in each status, without their steps. */
  settledRunCounts(triggerId: string, count: number, timeoutMs?: number): Promise<Record<string, number>>;
  /**
   * Moves the clock on, for the queue too (jobs waiting to start, on the database's clock, start `ms`
   * sooner), and dispatches what became due, as the every-minute job does (unless `dispatch` is false).
   */
  advance(ms: number, options?: { dispatch?: boolean }): Promise<void>;
  /** Lets every queued delivery be processed (the inbox has nothing Received left). */
  quiet(): Promise<void>;
  /** A new session for the Admin (`token`), after `advance` moved the clock past the last one's lifetime. */
  renewSession(): Promise<void>;
  deleteTrigger(triggerId: string): Promise<void>;
  /** Posts the simulator's latest object delivery about `uuid` to our callback again, `times` at once. */
  redeliver(uuid: string, times: number): Promise<void>;
  /** Changes a record in the simulator without any webhook (one that got lost), then reconciles. */
  changeSilently(object: string, uuid: string, fields: Record<string, unknown>): Promise<void>;
};

/**
 * The server and a ServiceM8 simulator with the demo account, and a vendor connected to it whose
 * baseline is taken: from here on a change in the simulator flows through webhooks into runs.
 */
export async function startAutomationHarness(
  options: {
    simulator?: SimulatorOptions;
    env?: Record<string, string>;
    /** The built web app to serve at `/` (browser journeys); the API only without it. */
    webRoot?: string;
    databaseUrl?: (url: string) => Promise<string>;
    embeddedOnDisk?: boolean;
    /** Where the server's log lines go, and from which level; silent without it. */
    log?: { stream: DestinationStream; level: LevelWithSilent };
    /** How the delivery spool writes a record's bytes: a test's full disk. */
    spoolWrite?: SpoolWrite;
    /**
     * A server started again for a stopped harness's vendor, simulator, clock and port, on that database
     * or another (one restored from a backup); no vendor is created or connected.
     */
    resume?: { harness: AutomationHarness; database: DatabaseTarget; dataDir: string };
  } = {},
): Promise<AutomationHarness> {
  const resumed = options.resume?.harness;
  // Ten times ServiceM8's allowance on both sides, so tests do not wait for the rate limit (tested on its own).
  const services = await startTestServices({
    webRoot: options.webRoot,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    embeddedOnDisk: options.embeddedOnDisk === true,
    ...(options.log ? { log: options.log } : {}),
    ...(options.spoolWrite ? { spoolWrite: options.spoolWrite } : {}),
    simulator: { seed: 'demo', throttle: { perMinute: 1800 }, ...options.simulator },
    env: { SM8_RATE_PER_MINUTE: '1800', ...options.env },
    ...(options.resume && resumed
      ? {
          resume: {
            database: options.resume.database,
            dataDir: options.resume.dataDir,
            sim: resumed.sim,
            clock: resumed.clock,
            port: Number(new URL(resumed.baseUrl ?? '').port),
          },
        }
      : {}),
  });
  const sim = services.sim;
  if (!sim) throw new Error('the harness needs the simulator');
  const { deps, app } = services;
  const team = resumed?.team ?? (await createVendorTeam(deps, 'Harbour Plumbing'));
  const vendorId = team.vendor.id;
  if (!resumed) {
    await connectToSimulator(deps, vendorId, sim);
    await waitFor(
      () => deps.database.db.select().from(sm8ReconcileCursors).where(eq(sm8ReconcileCursors.vendorId, vendorId)),
      (rows) => rows.length === 5,
      'the baseline of the connected account',
      30_000,
    );
  }

  /** Runs `update` on pg-boss's jobs and, when it made any due, has the workers fetch them now (no notification says so). */
  const makeDue = async (update: SQL) => {
    const result = await deps.database.db.execute(
      sql`with moved as (${update} returning 1) select count(*)::int as n from moved`,
    );
    if (((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0) > 0) deps.queue.wake();
  };
  // pg-boss retries a failed job after a backoff of seconds, and a run's next attempt is a job sent to
  // start a few seconds on, both on the database's clock, and no notification says when they fall due:
  // waiting for a settled state, they are tried at once instead.
  // Runs ServiceM8's allowance had no calls for yet wait in a later batch job. The wait passes at once,
  // moving the clock as the clock's `sleep` does, and lasts until the account's bucket is full again:
  // the batch then has a bucket's worth of calls rather than the one call its wait was sized for.
  const { capacity, refillPerSecond } = bucketShape(deps.servicem8.rateLimits);
  const bucketRefillMs = (capacity / refillPerSecond) * 1000;
  const retryNow = async () => {
    const result = await deps.database.db.execute(
      sql`select coalesce(max(extract(epoch from start_after - now()) * 1000), 0)::float as ms from pgboss.job
           where name = ${executeRunsJob.name} and state = 'created'
             and start_after > now() and start_after < now() + ${SOON_SECONDS} * interval '1 second'`,
    );
    const allowanceWaitMs = (result as unknown as { rows: Array<{ ms: number }> }).rows[0]?.ms ?? 0;
    if (allowanceWaitMs > 0) await services.clock.sleep(Math.max(allowanceWaitMs, bucketRefillMs));
    await makeDue(
      sql`update pgboss.job set start_after = now()
           where start_after > now()
             and (state = 'retry' or (state = 'created' and start_after < now() + ${SOON_SECONDS} * interval '1 second'))`,
    );
  };

  const quiet = async () => {
    await sim.controls.webhooksIdle();
    await waitFor(
      async () => {
        await retryNow();
        const result = await deps.database.db.execute(
          sql`select count(*)::int as n from webhook_inbox where status = 'Received'`,
        );
        return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
      },
      (left) => left === 0,
      'the webhook inbox to be processed',
    );
  };

  const runsOf = async (triggerId: string): Promise<TriggerRunDetail[]> => {
    const list = await app.inject({
      method: 'GET',
      url: `/api/vendor/${vendorId}/Trigger/${triggerId}/runs?PageSize=500&SortBy=createdAt&SortDir=Descending`,
      headers: bearer(team.adminToken),
    });
    if (list.statusCode !== 200) throw new Error(`runs of ${triggerId}: ${list.statusCode} ${list.body}`);
    const rows = list.json().data.rows as Array<{ id: string }>;
    return Promise.all(
      rows.map(async (row) => {
        const detail = await app.inject({
          method: 'GET',
          url: `/api/vendor/${vendorId}/Trigger/runs/${row.id}`,
          headers: bearer(team.adminToken),
        });
        return detail.json().data as TriggerRunDetail;
      }),
    );
  };

  const isUnfinished = (run: TriggerRunDetail) =>
    run.status === 'Running' || (run.status === 'Scheduled' && new Date(run.dueAt) <= services.clock.now());

  return {
    ...services,
    sim,
    vendorId,
    team,
    get token() {
      return team.adminToken;
    },
    userToken: team.userToken,
    adminEmail: team.admin.email,
    async createTrigger(definition) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/vendor/${vendorId}/Trigger`,
        headers: bearer(team.adminToken),
        payload: {
          name: `When ${definition.event}`,
          enabled: true,
          targetKind: 'Job',
          actions: [],
          ...definition,
        },
      });
      if (response.statusCode !== 201) throw new Error(`creating a trigger: ${response.statusCode} ${response.body}`);
      return response.json().data.id as string;
    },
    async change(object, uuid, fields) {
      const result = sim.controls.writeRecord(object, uuid, fields);
      await quiet();
      return String(result.record.uuid);
    },
    runsOf,
    async settledRuns(triggerId, count, timeoutMs = 20_000) {
      await quiet();
      return waitFor(
        async () => {
          await retryNow();
          return runsOf(triggerId);
        },
        (runs) => runs.length === count && !runs.some(isUnfinished),
        `${count} settled run(s) of trigger ${triggerId}`,
        timeoutMs,
        (runs) => runs.map((run) => ({ job: run.jobNumber, status: run.status, reason: run.reason })),
      );
    },
    async settledRunCounts(triggerId, count, timeoutMs = 20_000) {
      await quiet();
      const counts = async () => {
        await retryNow();
        const result = await deps.database.db.execute(sql`
          select status, count(*)::int as n,
                 (count(*) filter (where status = 'Running' or (status = 'Scheduled' and due_at <= ${services.clock.now().toISOString()}::timestamptz)))::int as unfinished
            from trigger_runs where trigger_id = ${triggerId} group by status`);
        const rows = (result as unknown as { rows: Array<{ status: string; n: number; unfinished: number }> }).rows;
        return {
          byStatus: Object.fromEntries(rows.map((row) => [row.status, row.n])) as Record<string, number>,
          total: rows.reduce((sum, row) => sum + row.n, 0),
          unfinished: rows.reduce((sum, row) => sum + row.unfinished, 0),
        };
      };
      const settled = await waitFor(
        counts,
        (value) => value.total === count && value.unfinished === 0,
        `${count} settled run(s) of trigger ${triggerId}`,
        timeoutMs,
        (value) => value.byStatus,
      );
      return settled.byStatus;
    },
    async advance(ms, { dispatch = true } = {}) {
      services.clock.advance(ms);
      await makeDue(
        sql`update pgboss.job set start_after = start_after - ${ms} * interval '1 millisecond' where state = 'created' and start_after > now()`,
      );
      if (dispatch) await dispatchDueRuns(deps);
    },
    quiet,
    async renewSession() {
      team.adminToken = await tokenFor(deps, team.admin);
    },
    async deleteTrigger(triggerId) {
      const response = await app.inject({
        method: 'DELETE',
        url: `/api/vendor/${vendorId}/Trigger/${triggerId}`,
        headers: bearer(team.adminToken),
      });
      if (response.statusCode !== 200) throw new Error(`deleting a trigger: ${response.statusCode} ${response.body}`);
    },
    async redeliver(uuid, times) {
      const delivery = sim.controls
        .deliveries()
        .filter((d) => d.kind === 'object' && JSON.stringify(d.body).includes(uuid))
        .at(-1);
      if (!delivery) throw new Error(`no delivery about ${uuid} to repeat`);
      const callback = new URL(delivery.url);
      const answers = await Promise.all(
        Array.from({ length: times }, () =>
          app.inject({
            method: 'POST',
            url: `${callback.pathname}${callback.search}`,
            payload: delivery.body as object,
          }),
        ),
      );
      if (answers.some((answer) => answer.statusCode !== 200)) throw new Error('a repeated delivery was refused');
      await quiet();
    },
    async changeSilently(object, uuid, fields) {
      const current = sim.controls.records(object).find((record) => record.uuid === uuid);
      if (!current) throw new Error(`no ${object} ${uuid} in the simulator`);
      // ServiceM8 writes edit_date in the account's local time: one second after the newest one.
      const newest = sim.controls
        .records(object)
        .map((record) => String(record.edit_date))
        .reduce((max, date) => (date > max ? date : max), '');
      const next = new Date(`${newest.replace(' ', 'T')}Z`).getTime() + 1000;
      const editDate = new Date(next).toISOString().slice(0, 19).replace('T', ' ');
      sim.controls.seed({ records: { [object]: [{ ...current, ...fields, edit_date: editDate }] } });
      await reconcileVendor(deps, vendorId);
    },
  };
}
