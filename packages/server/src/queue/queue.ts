import os from 'node:os';
import { SpanStatusCode } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, type Job, type JobResult, PgBoss, type SendOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import { anyOf } from '../db/any-of.ts';
import type { Database, Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { redactError } from '../logger.ts';
import { inSpan, traceContextOf, withTraceContext } from '../observability/tracing.ts';
import type { JobDefinition } from './job-definition.ts';
import { createVendorTurns } from './vendor-turns.ts';

export type QueueSettings = Config['queue'];

export type Queue = {
  /**
   * Validates the payload and enqueues it; resolves with the job id. Given `tx`, the job is stored in
   * that transaction, so it exists exactly when the change that caused it commits.
   */
  send<P extends z.ZodType>(
    job: JobDefinition<P>,
    payload: z.input<P>,
    options?: SendOptions & { tx?: Db },
  ): Promise<string>;
  /**
   * `send` for many payloads of one job in one statement (`startAfter`: seconds from now, each its own).
   * Given `tx`, the jobs are stored in that transaction.
   */
  sendMany<P extends z.ZodType>(
    job: JobDefinition<P>,
    items: ReadonlyArray<{ payload: z.input<P>; startAfter?: number }>,
    options?: { tx?: Db },
  ): Promise<void>;
  /**
   * The priority of the vendor's next `job` (0, or lower while the vendor has queued many lately: see
   * vendor-turns.ts), counting that job. `send` applies it itself; a job stored by a statement of its
   * own (`jobInsert`) asks for it.
   */
  priorityFor(job: JobDefinition, vendorId: string): number;
  /**
   * Hands on at once every job the database holds as running, each as an attempt that counts against
   * its queue's retry limit but is tried again without the queue's retry delay: for a process that
   * knows no other process can be running them, because the embedded database is opened by one
   * process only. Such jobs were left by a process that died; the heartbeat would hand them on too,
   * but only 10 s or more after it, and then after the retry delay. Answers how many there were.
   */
  reclaimAbandoned(): Promise<number>;
  /** Subscribes this process to every registered job. */
  startWorkers(deps: Deps, workerId: string): Promise<void>;
  /** Stops fetching jobs (those in hand carry on), e.g. while the database does not answer. */
  pauseWorkers(): Promise<void>;
  /** Fetches jobs again after `pauseWorkers`. */
  resumeWorkers(): Promise<void>;
  /**
   * Has this process's workers look for jobs now rather than at their next poll: for jobs made due
   * without a notification (a retry or a delay moved to now by hand). Given `job`, one fetcher of its
   * queue looks (an idle one when there is one): enough for one job falling due, where waking every
   * fetcher of every queue would send the database a fetch from each.
   */
  wake(job?: JobDefinition): void;
  /** Per job: how many wait for a worker now, how many wait for a later start, and since when the oldest ready one waits. */
  backlog(): Promise<Array<{ name: string; ready: number; deferred: number; oldestReadyAt: Date | null }>>;
  /** Reads a job's state, e.g. for tests and the admin area. */
  findJob(job: JobDefinition, id: string): Promise<{ state: string; output: unknown } | null>;
  ping(): Promise<void>;
  /** Lets running jobs finish for up to `waitMs` (default 10 s); what is still running is handed back to be retried. */
  stop(waitMs?: number): Promise<void>;
};

export async function createQueue(options: {
  database: Database;
  jobs: readonly JobDefinition[];
  logger: Logger;
  settings: QueueSettings;
  /**
   * Whether this process sends scheduled jobs (a job's `schedule`) when the wall clock reaches them;
   * true unless a test does that work itself, at the time it chooses.
   */
  cron?: boolean;
}): Promise<Queue> {
  const { database, jobs, logger, settings } = options;
  const schedule = options.cron ?? true;
  const log = logger.child({ component: 'queue' });
  const turns = createVendorTurns({ share: settings.vendorConcurrency });
  const boss =
    database.driver === 'pglite' && database.pglite
      ? new PgBoss({
          db: fromPglite(database.pglite),
          backend: 'pglite',
          schedule,
          ...supervision(settings),
          // The embedded database delivers NOTIFY in-process: a sent job wakes its worker at commit.
          useListenNotify: true,
        })
      : new PgBoss({
          connectionString: database.url,
          schedule,
          ...supervision(settings),
          useListenNotify: true,
          max: 5,
          application_name: 'automate-queue',
        });
  boss.on('error', (error) => log.error({ err: error }, 'queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'queue warning'));
  await boss.start();
  for (const job of jobs) {
    // Every job, not only runs: a job held by a worker that died is handed on once its heartbeat is
    // missed, instead of when it expires (15 minutes). A vendor's deliveries held by a killed worker
    // took up that vendor's share of the workers, so its intake stood still until then.
    const queueOptions = { heartbeatSeconds: HEARTBEAT_SECONDS, ...job.queue, notify: true };
    await boss.createQueue(job.name, queueOptions);
    await boss.updateQueue(job.name, queueOptions);
    if (job.schedule) await boss.schedule(job.name, job.schedule, {});
  }
  // Creating a queue drops pg-boss's cached queue metadata; the next send would read it through its own
  // connection. Inside a transaction on the embedded database (one connection) that read would wait
  // for the transaction, which waits for the send: reading the metadata now keeps sends self-contained.
  for (const job of jobs) await boss.findJobs(job.name, { id: '00000000-0000-4000-8000-000000000000' });

  /** What `startWorkers` was given, so that `resumeWorkers` can subscribe again. */
  let workers: { deps: Deps; workerId: string } | undefined;
  /** pg-boss's id of each fetcher this process runs, by queue. */
  let fetcherIds = new Map<string, string[]>();
  /** The fetchers holding a batch now. */
  const busyFetchers = new Set<string>();
  /**
   * Has one fetcher of the queue `name` look for jobs now: an idle one, or, when all hold a batch, the
   * first, which then looks again as soon as its batch is recorded. (A fetch of a queue whose jobs keep
   * to a vendor's share of the workers is the costliest statement pg-boss sends.)
   */
  const wakeOneFetcher = (name: string) => {
    const ids = fetcherIds.get(name) ?? [];
    const fetcher = ids.find((id) => !busyFetchers.has(id)) ?? ids[0];
    if (fetcher) boss.notifyWorker(fetcher);
  };
  const subscribe = async (context: { deps: Deps; workerId: string }) => {
    fetcherIds = new Map();
    for (const job of jobs) {
      const plan = workPlan(job, settings);
      // One `work` per fetcher rather than pg-boss's `localConcurrency`, so each batch knows its fetcher.
      for (let fetcher = 0; fetcher < plan.fetchers; fetcher += 1) {
        const pollSeconds = fetcher === 0 ? settings.pollSeconds : Math.max(settings.pollSeconds, SIBLING_POLL_SECONDS);
        let self: string | undefined;
        self = await boss.work(
          job.name,
          {
            batchSize: plan.batchSize,
            // A full batch means more is waiting: fetch again at once instead of after the poll.
            burstWhenBatchFull: true,
            ...(job.vendorOf ? { groupConcurrency: settings.vendorConcurrency } : {}),
            perJobResults: true,
            // New jobs wake the workers through NOTIFY; this poll only picks up what a notification
            // missed (e.g. jobs whose retry delay has passed). The queue's first fetcher looks for those;
            // the others are woken by a notification, by `wake`, or by a fetcher whose batch came back
            // full (more is waiting), and poll only now and then.
            pollingIntervalSeconds: pollSeconds,
            notifyPollingIntervalSeconds: pollSeconds,
          },
          async (batch) => {
            if (self) busyFetchers.add(self);
            if (plan.fetchers > 1 && batch.length >= plan.batchSize) wakeOneFetcher(job.name);
            const results = await settledAsTheyFinish(job, batch, (received) => runOne(job, received, context)).finally(
              () => self && busyFetchers.delete(self),
            );
            // This fetcher looks again as soon as pg-boss has recorded the batch, not at its next poll,
            // when more may be waiting that nothing will announce: a vendor's next job, held back while
            // this batch held the vendor's share of the workers (groupConcurrency); or, for a fetcher of
            // one job, whatever was sent while it worked. pg-boss keeps one "notified" flag, not a
            // count, and does not fetch again at once after a batch of one: of three jobs sent
            // together, the third waited out the poll.
            if ((job.vendorOf || plan.batchSize === 1) && self) boss.notifyWorker(self);
            return results;
          },
        );
        fetcherIds.set(job.name, [...(fetcherIds.get(job.name) ?? []), self]);
      }
    }
  };

  return {
    async send(job, payload, sendOptions = {}) {
      const parsed = job.payload.parse(payload);
      const data = withTraceContext(parsed as object);
      const { tx, ...rest } = sendOptions;
      const vendorId = job.vendorOf?.(parsed);
      const options = vendorId
        ? { priority: turns.nextPriority(job.name, vendorId), ...rest, group: { id: vendorId } }
        : rest;
      const id = await boss.send(job.name, data, tx ? { ...options, db: inTransaction(tx) } : options);
      if (id === null) throw new Error(`The ${job.name} job was not queued (a singleton with the same key exists).`);
      return id;
    },

    async sendMany(job, items, { tx } = {}) {
      if (items.length === 0) return;
      const jobs = items.map(({ payload, startAfter }) => {
        const parsed = job.payload.parse(payload);
        const vendorId = job.vendorOf?.(parsed);
        return {
          data: withTraceContext(parsed as object),
          ...(startAfter && startAfter > 0 ? { startAfter } : {}),
          ...(vendorId ? { priority: turns.nextPriority(job.name, vendorId), group: { id: vendorId } } : {}),
        };
      });
      await boss.insert(job.name, jobs, tx ? { db: inTransaction(tx) } : {});
    },

    priorityFor(job, vendorId) {
      return turns.nextPriority(job.name, vendorId);
    },

    async reclaimAbandoned() {
      const known = jobs.map((job) => job.name);
      const result = await database.db.execute(sql`
        select name, array_agg(id::text) as ids from pgboss.job
         where state = 'active' and ${anyOf(sql`name`, known)}
         group by name`);
      const rows = (result as unknown as { rows: Array<{ name: string; ids: string[] }> }).rows;
      for (const { name, ids } of rows) {
        await boss.fail(name, ids, { message: 'The process running this job stopped; it was handed on.' });
        // The attempt was cut short, not failed: its retry waits no delay (the queue's delay, up to
        // minutes, is for a ServiceM8 that failed), so the work resumes as this process starts. It still
        // counts as an attempt, so a job that kills its process runs out of them.
        await database.db.execute(sql`
          update pgboss.job set start_after = now()
           where name = ${name} and state = 'retry' and ${anyOf(sql`id::text`, ids)}`);
      }
      const count = rows.reduce((sum, row) => sum + row.ids.length, 0);
      if (count > 0) log.warn({ count }, 'handed on jobs a stopped process had left running');
      return count;
    },

    async startWorkers(deps, workerId) {
      workers = { deps, workerId };
      await subscribe(workers);
      log.info({ workerId, jobs: jobs.map((j) => j.name) }, 'workers started');
    },

    async pauseWorkers() {
      // Local only: each worker's fetch loop ends; nothing is asked of the database.
      await Promise.all(jobs.map((job) => boss.offWork(job.name, { wait: false })));
    },

    async resumeWorkers() {
      if (workers) await subscribe(workers);
    },

    wake(job) {
      if (job) wakeOneFetcher(job.name);
      else for (const id of [...fetcherIds.values()].flat()) boss.notifyWorker(id);
    },

    async backlog() {
      const result = await database.db.execute(sql`
        select name, (count(*) filter (where start_after <= now()))::int as ready,
               (count(*) filter (where start_after > now()))::int as deferred,
               (extract(epoch from min(created_on) filter (where start_after <= now())) * 1000)::float8 as oldest_ms
          from pgboss.job where state in ('created', 'retry') group by name order by name`);
      const rows = (
        result as unknown as {
          rows: Array<{ name: string; ready: number; deferred: number; oldest_ms: number | null }>;
        }
      ).rows;
      return rows.map((row) => ({
        name: row.name,
        ready: row.ready,
        deferred: row.deferred,
        oldestReadyAt: row.oldest_ms === null ? null : new Date(row.oldest_ms),
      }));
    },

    async findJob(job, id) {
      const [found] = await boss.findJobs(job.name, { id });
      return found ? { state: found.state, output: found.output } : null;
    },

    async ping() {
      await boss.getQueues();
    },

    async stop(waitMs = 10_000) {
      await boss.stop({ graceful: true, timeout: Math.max(0, waitMs), close: true });
    },
  };

  /**
   * Runs a batch side by side. pg-boss settles a batch when its last job ends, and until then its
   * finished jobs still count against their vendor's share of the workers: a job waiting on a call
   * ServiceM8 holds would keep its neighbour's vendor slot too. So a job still waiting for its batch
   * `SETTLE_EARLY_MS` after it finished is settled on its own (its result in the batch's answer then
   * changes nothing: pg-boss settles only a job still active in the attempt it fetched). A batch whose
   * jobs end together costs no statement more.
   */
  async function settledAsTheyFinish(
    job: JobDefinition,
    batch: Job<unknown>[],
    run: (received: Job<unknown>) => Promise<JobResult>,
  ): Promise<JobResult[]> {
    let batchDone = false;
    const early: Array<Promise<unknown>> = [];
    const results = await Promise.all(
      batch.map(async (received) => {
        const result = await run(received);
        if (job.vendorOf && batch.length > 1) {
          setTimeout(() => {
            if (!batchDone) early.push(settleOne(job.name, received, result).catch(() => {}));
          }, SETTLE_EARLY_MS).unref();
        }
        return result;
      }),
    );
    batchDone = true;
    await Promise.all(early);
    return results;
  }

  /** Settles one job of a batch, and has a fetcher of its queue look again: its vendor has a slot free. */
  async function settleOne(name: string, received: Job<unknown>, result: JobResult): Promise<void> {
    const attempt = [{ id: received.id, retryCount: received.retryCount ?? 0 }];
    if (result.status === 'completed') await boss.complete(name, attempt, result.output);
    else await boss.fail(name, attempt, result.output);
    wakeOneFetcher(name);
  }

  /** Runs one job of a batch; its failure is that job's alone (pg-boss retries it by the queue's policy). */
  async function runOne(
    job: JobDefinition,
    received: Job<unknown>,
    context: { deps: Deps; workerId: string },
  ): Promise<JobResult> {
    const jobLog = log.child({ job: job.name, jobId: received.id });
    const retryCount = received.retryCount ?? 0;
    // A child of the work that queued the job, when that was traced.
    return inSpan(
      `job ${job.name}`,
      { 'automate.job_id': received.id, 'automate.retry_count': retryCount },
      async (span): Promise<JobResult> => {
        try {
          const payload = job.payload.parse(received.data);
          const output = await job.handle(payload, { ...context, log: jobLog, jobId: received.id, retryCount });
          return { id: received.id, status: 'completed', output };
        } catch (error) {
          jobLog.warn({ err: error, retryCount }, 'job failed');
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: error instanceof Error ? error.message : String(error),
          });
          // pg-boss stores a failed job's output in its job table: never the query values.
          return { id: received.id, status: 'failed', output: failureOutput(error) };
        }
      },
      traceContextOf(received.data),
    );
  }
}

/**
 * How a process works on a queue: `fetchers` workers each take a batch of up to `batchSize` jobs and
 * run them side by side, so up to `fetchers × batchSize` jobs are in hand. Many small batches rather
 * than a few big ones: a fetcher fetches again only when its whole batch is done, so a job waiting
 * on a held ServiceM8 call holds up the rest of its batch (with batches of four, a tenth of calls
 * held for seconds left no fetcher free and no call was made for many seconds). But batches of two
 * at least: pg-boss fetches again at once only after a full batch of two or more
 * (`burstWhenBatchFull`); a fetcher of one job would wait out the poll after every job, however many
 * were waiting (QUEUE_CONCURRENCY=4 with the 2 s poll worked through a backlog at two runs a second),
 * unless woken after each job as the other queues' fetchers are, at one more fetch each time.
 */
export function workPlan(
  job: Pick<JobDefinition, 'concurrency'>,
  settings: Pick<QueueSettings, 'concurrency'>,
): { fetchers: number; batchSize: number } {
  const inHand = job.concurrency === 'engine' ? settings.concurrency : (job.concurrency ?? 1);
  const fetchers = Math.max(1, Math.min(Math.floor(inHand / 2), MAX_FETCHERS));
  return { fetchers, batchSize: Math.ceil(inHand / fetchers) };
}

/**
 * How often a queue's other fetchers look for jobs no notification announced. Each idle poll is a fetch
 * statement: the 21 siblings of the engine's queues, polling every 2 s, sent half of an idle process's
 * fetches, each of the costly kind that counts a vendor's share.
 */
const SIBLING_POLL_SECONDS = 30;

/** How long a finished job waits for the rest of its batch before it is settled on its own. */
const SETTLE_EARLY_MS = 1000;

/** How long a job's worker may go without saying it still holds the job (pg-boss says so every 5 s) before the job is handed on. */
const HEARTBEAT_SECONDS = 10;

/** Fetchers per queue: each polls the database while its queue is idle, so more would only add load there. */
const MAX_FETCHERS = 8;

function failureOutput(error: unknown): object {
  const redacted = redactError(error);
  if (redacted instanceof Error) return { name: redacted.name, message: redacted.message };
  return { message: String(redacted) };
}

/**
 * How often pg-boss looks for jobs whose worker died (missed heartbeat) or ran too long. Its monitor
 * pass has a 60 s timer of its own besides the supervise timer; both follow QUEUE_SUPERVISE_SECONDS,
 * so a dead worker's run is handed on within heartbeat + supervise seconds.
 */
function supervision(settings: { superviseSeconds: number }) {
  return { superviseIntervalSeconds: settings.superviseSeconds, monitorIntervalSeconds: settings.superviseSeconds };
}

export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
}

/** pg-boss statements inside a Drizzle transaction (its adapter types the result loosely). */
function inTransaction(tx: Db) {
  return fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
}
