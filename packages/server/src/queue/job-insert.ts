import { type SQL, sql } from 'drizzle-orm';
// pg-boss's statement builders: the same INSERT and NOTIFY its `send` runs, so a job queued here is
// the job `send` would store (the queue's retry policy, retention and expiry copied in by the INSERT).
import { insertJobs, notifyQueue } from 'pg-boss/dist/plans.js';
import type { JobDefinition } from './job-definition.ts';

/** The schema pg-boss keeps its tables in (`createQueue` uses pg-boss's default). */
const SCHEMA = 'pgboss';
/** Where `insertJobs` reads the jobs from: its one parameter, a JSON array of jobs as text. */
const JOBS_PARAMETER = '$1::text::json';

/**
 * pg-boss's INSERT of `job` as one data-modifying part of a larger statement, so that a row and the job
 * that processes it are stored by one statement (atomic without a transaction, one round trip).
 * `jobs` is an SQL expression for a JSON array with one object per job: `data` (the payload, already
 * checked against the job's schema) and, for a job with `vendorOf`, `groupId` (the vendor); an empty
 * array queues nothing. The INSERT answers `RETURNING id`. Jobs sent this way skip `queue.send`, so the
 * caller checks the payload with `job.payload.parse` and takes the group from `job.vendorOf` itself.
 */
export function jobInsert(job: JobDefinition, jobs: SQL): SQL {
  // Into `job`, the partitioned parent, which routes each row to its queue's partition.
  const text = insertJobs(SCHEMA, { table: 'job', name: job.name, returnId: true, notify: false });
  const parts = text.split(JOBS_PARAMETER);
  if (parts.length !== 2 || text.includes('$2')) {
    throw new Error(`pg-boss's job INSERT no longer reads its jobs from ${JOBS_PARAMETER}: jobInsert needs updating.`);
  }
  return sql`${sql.raw(parts[0] ?? '')}(${jobs})::text::json${sql.raw(parts[1] ?? '')}`;
}

/**
 * A SELECT that wakes the workers of `job`'s queue (pg-boss's NOTIFY, sent at commit) when `queued`,
 * the name of the part holding `jobInsert`, queued at least one job. Every queue is created with
 * `notify`; without the wake-up a job would wait for the workers' next poll.
 */
export function jobWakeUp(job: JobDefinition, queued: SQL): SQL {
  return sql`${sql.raw(notifyQueue(SCHEMA, job.name))} from ${queued} limit 1`;
}
