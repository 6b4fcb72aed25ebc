import { APP_VERSION, type Health, type Readiness } from '@automate/contract';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Queue } from '../../queue/queue.ts';
import { countLiveWorkers } from '../system/worker-heartbeat.service.ts';

export async function checkHealth(database: Database, queue: Queue): Promise<Health> {
  const dbCheck = await timed(() => database.ping());
  const queueCheck = await timed(() => queue.ping());
  let workers = 0;
  if (dbCheck.ok) {
    workers = await countLiveWorkers(database.db, new Date());
  }
  const queueOk = queueCheck.ok && workers > 0;
  const queueDetail = !queueCheck.ok
    ? `The job queue is not reachable: ${queueCheck.error}`
    : workers === 0
      ? 'No worker has reported in the last minute; background jobs are waiting.'
      : `${workers} worker${workers === 1 ? '' : 's'} processing jobs.`;
  return {
    status: dbCheck.ok && queueOk ? 'ok' : 'degraded',
    version: APP_VERSION,
    database: {
      ok: dbCheck.ok,
      driver: database.driver,
      detail: dbCheck.ok
        ? database.driver === 'pglite'
          ? 'Embedded PostgreSQL (PGlite).'
          : 'PostgreSQL.'
        : `The database is not reachable: ${dbCheck.error}`,
      latencyMs: dbCheck.latencyMs,
    },
    queue: { ok: queueOk, detail: queueDetail, latencyMs: queueCheck.latencyMs },
  };
}

/** How long ServiceM8's API may take to answer the readiness check. */
const SM8_PROBE_TIMEOUT_MS = 2_000;

/**
 * Whether this process can take work: the database and the queue answer. The spool's backlog and
 * ServiceM8's reachability are reported beside them: deliveries wait safely in the spool, and runs
 * retry while ServiceM8 does not answer.
 */
export async function checkReadiness(
  deps: Pick<Deps, 'database' | 'queue' | 'deliverySpool' | 'servicem8'>,
): Promise<Readiness> {
  const [db, queue, sm8] = await Promise.all([
    timed(() => deps.database.ping()),
    timed(() => deps.queue.ping()),
    timed(async () => {
      // Any answer at all means ServiceM8 is reachable; only a network failure or a timeout does not.
      await fetch(deps.servicem8.apiUrl, { method: 'HEAD', signal: AbortSignal.timeout(SM8_PROBE_TIMEOUT_MS) });
    }),
  ]);
  const backlog = deps.deliverySpool.backlog();
  const rejected = deps.deliverySpool.rejected();
  return {
    ready: db.ok && queue.ok,
    database: { ok: db.ok, latencyMs: db.latencyMs, detail: db.ok ? 'Answering.' : `Not reachable: ${db.error}` },
    queue: {
      ok: queue.ok,
      latencyMs: queue.latencyMs,
      detail: queue.ok ? 'Answering.' : `Not reachable: ${queue.error}`,
    },
    spool: {
      backlog,
      rejected,
      detail: [
        backlog === 0
          ? 'No delivery is waiting.'
          : `${backlog} ServiceM8 deliver${backlog === 1 ? 'y waits' : 'ies wait'} on disk for the database.`,
        ...(rejected > 0
          ? [
              `${rejected} spooled deliver${rejected === 1 ? 'y was' : 'ies were'} set aside in DATA_DIR/spool/rejected ` +
                '(unreadable, or refused by the database): look at them.',
            ]
          : []),
      ].join(' '),
    },
    servicem8: {
      ok: sm8.ok,
      latencyMs: sm8.latencyMs,
      detail: sm8.ok ? `${deps.servicem8.apiUrl} answers.` : `${deps.servicem8.apiUrl} does not answer: ${sm8.error}`,
    },
  };
}

async function timed(check: () => Promise<void>): Promise<{ ok: boolean; latencyMs: number; error: string }> {
  const started = performance.now();
  try {
    await check();
    return { ok: true, latencyMs: Math.round(performance.now() - started), error: '' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: message };
  }
}
