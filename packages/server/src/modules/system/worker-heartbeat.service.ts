import os from 'node:os';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import { countWorkersSeenSince, deleteWorkerHeartbeat, upsertWorkerHeartbeat } from './worker-heartbeat.repository.ts';

const HEARTBEAT_INTERVAL_MS = 15_000;
/** A worker that has not reported for this long is counted as gone. */
const HEARTBEAT_STALE_MS = 60_000;

/** How many worker processes have reported within HEARTBEAT_STALE_MS of `now`. */
export function countLiveWorkers(db: Db, now: Date): Promise<number> {
  return countWorkersSeenSince(db, new Date(now.getTime() - HEARTBEAT_STALE_MS));
}

/** Reports this worker process as alive now and every interval; returns a function that stops and signs off. */
export async function startWorkerHeartbeat(
  db: Db,
  options: { workerId: string; role: string; log: Logger },
): Promise<() => Promise<void>> {
  const startedAt = new Date();
  const beat = () =>
    upsertWorkerHeartbeat(db, {
      workerId: options.workerId,
      role: options.role,
      hostname: os.hostname(),
      pid: process.pid,
      startedAt,
      lastSeenAt: new Date(),
    });
  await beat();
  const timer = setInterval(() => {
    beat().catch((error: unknown) => options.log.warn({ err: error }, 'worker heartbeat failed'));
  }, HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await deleteWorkerHeartbeat(db, options.workerId);
  };
}
