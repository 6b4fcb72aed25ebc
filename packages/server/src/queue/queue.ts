import os from 'node:os';
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type SendOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database, Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { redactError } from '../logger.ts';
import type { JobDefinition } from './job-definition.ts';

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
  /** Subscribes this process to every registered job. */
  startWorkers(deps: Deps, workerId: string): Promise<void>;
  /** Reads a job's state, e.g. for tests and the admin area. */
  findJob(job: JobDefinition, id: string): Promise<{ state: string; output: unknown } | null>;
  ping(): Promise<void>;
  stop(): Promise<void>;
};

export async function createQueue(options: {
  database: Database;
  jobs: readonly JobDefinition[];
  logger: Logger;
  timing: { pollSeconds: number; superviseSeconds: number };
}): Promise<Queue> {
  const { database, jobs, logger, timing } = options;
  const log = logger.child({ component: 'queue' });
  const boss =
    database.driver === 'pglite' && database.pglite
      ? new PgBoss({
          db: fromPglite(database.pglite),
          backend: 'pglite',
          ...supervision(timing),
          // The embedded database delivers NOTIFY in-process: a sent job wakes its worker at commit.
          useListenNotify: true,
        })
      : new PgBoss({
          connectionString: database.url,
          ...supervision(timing),
          useListenNotify: true,
          max: 5,
          application_name: 'automate-queue',
        });
  boss.on('error', (error) => log.error({ err: error }, 'queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'queue warning'));
  await boss.start();
  for (const job of jobs) {
    const queueOptions = { ...job.queue, notify: true };
    await boss.createQueue(job.name, queueOptions);
    await boss.updateQueue(job.name, queueOptions);
    if (job.schedule) await boss.schedule(job.name, job.schedule, {});
  }
  // Creating a queue drops pg-boss's cached queue metadata; the next send would read it through its own
  // connection. Inside a transaction on the embedded database (one connection) that read would wait
  // for the transaction, which waits for the send: reading the metadata now keeps sends self-contained.
  for (const job of jobs) await boss.findJobs(job.name, { id: '00000000-0000-4000-8000-000000000000' });

  return {
    async send(job, payload, sendOptions = {}) {
      const data = job.payload.parse(payload) as object;
      const { tx, ...rest } = sendOptions;
      const id = await boss.send(job.name, data, tx ? { ...rest, db: inTransaction(tx) } : rest);
      if (id === null) throw new Error(`The ${job.name} job was not queued (a singleton with the same key exists).`);
      return id;
    },

    async startWorkers(deps, workerId) {
      for (const job of jobs) {
        await boss.work(
          job.name,
          {
            batchSize: 1,
            localConcurrency: job.concurrency ?? 1,
            pollingIntervalSeconds: timing.pollSeconds,
            // With LISTEN/NOTIFY pg-boss otherwise looks only every 30 s for jobs a notification missed
            // (e.g. those left when a burst ends).
            notifyPollingIntervalSeconds: timing.pollSeconds,
          },
          async ([received]) => {
            if (!received) return undefined;
            const jobLog = log.child({ job: job.name, jobId: received.id });
            const retryCount = received.retryCount ?? 0;
            try {
              const payload = job.payload.parse(received.data);
              return await job.handle(payload, { deps, log: jobLog, jobId: received.id, workerId, retryCount });
            } catch (error) {
              jobLog.warn({ err: error, retryCount }, 'job failed');
              // pg-boss stores what a failed handler throws in its job table: never the query values.
              throw redactError(error);
            }
          },
        );
      }
      log.info({ workerId, jobs: jobs.map((j) => j.name) }, 'workers started');
    },

    async findJob(job, id) {
      const [found] = await boss.findJobs(job.name, { id });
      return found ? { state: found.state, output: found.output } : null;
    },

    async ping() {
      await boss.getQueues();
    },

    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}

/**
 * How often pg-boss looks for jobs whose worker died (missed heartbeat) or ran too long. Its monitor
 * pass has a 60 s timer of its own besides the supervise timer; both follow QUEUE_SUPERVISE_SECONDS,
 * so a dead worker's run is handed on within heartbeat + supervise seconds.
 */
function supervision(timing: { superviseSeconds: number }) {
  return { superviseIntervalSeconds: timing.superviseSeconds, monitorIntervalSeconds: timing.superviseSeconds };
}

export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
}

/** pg-boss statements inside a Drizzle transaction (its adapter types the result loosely). */
function inTransaction(tx: Db) {
  return fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
}
