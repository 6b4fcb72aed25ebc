import { count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { workerHeartbeats } from './system.schema.ts';

export type WorkerHeartbeat = typeof workerHeartbeats.$inferInsert;

export async function upsertWorkerHeartbeat(db: Db, heartbeat: WorkerHeartbeat): Promise<void> {
  await db
    .insert(workerHeartbeats)
    .values(heartbeat)
    .onConflictDoUpdate({ target: workerHeartbeats.workerId, set: { lastSeenAt: heartbeat.lastSeenAt } });
}

export async function countWorkersSeenSince(db: Db, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(workerHeartbeats).where(gt(workerHeartbeats.lastSeenAt, since));
  return row?.n ?? 0;
}

export async function deleteWorkerHeartbeat(db: Db, workerId: string): Promise<void> {
  await db.delete(workerHeartbeats).where(eq(workerHeartbeats.workerId, workerId));
}
