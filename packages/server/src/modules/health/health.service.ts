import { APP_VERSION, type Health } from '@automate/contract';
import type { Database } from '../../db/database.ts';
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
