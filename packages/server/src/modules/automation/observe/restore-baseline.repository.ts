import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { automationEvents, restoreBaselines, sm8ReconcileCursors, triggerRuns } from '../automation.schema.ts';

/**
 * After a restore: every account with a baseline is to take a new one, and every run that was not
 * finished, or is still to come of an event not yet matched, may have acted since the backup. Answers
 * how many accounts and runs.
 */
export async function markRestored(
  db: Db,
  at: { backupCreatedAt: Date; restoredAt: Date },
): Promise<{ vendors: number; runs: number }> {
  const vendors = await db
    .insert(restoreBaselines)
    .select(
      db
        .selectDistinct({
          vendorId: sm8ReconcileCursors.vendorId,
          backupCreatedAt: sql`${at.backupCreatedAt.toISOString()}::timestamptz`.as('backup_created_at'),
          restoredAt: sql`${at.restoredAt.toISOString()}::timestamptz`.as('restored_at'),
          claimedAt: sql`null::timestamptz`.as('claimed_at'),
        })
        .from(sm8ReconcileCursors),
    )
    .onConflictDoUpdate({
      target: restoreBaselines.vendorId,
      set: { backupCreatedAt: at.backupCreatedAt, restoredAt: at.restoredAt, claimedAt: null },
    })
    .returning({ vendorId: restoreBaselines.vendorId });
  const runs = await db
    .update(triggerRuns)
    .set({ restoredAt: at.restoredAt })
    .where(inArray(triggerRuns.status, ['Scheduled', 'Running']))
    .returning({ id: triggerRuns.id });
  await db.update(automationEvents).set({ restoredAt: at.restoredAt }).where(isNull(automationEvents.matchedAt));
  return { vendors: vendors.length, runs: runs.length };
}

export async function listRestoreBaselineVendors(db: Db): Promise<string[]> {
  const rows = await db.select({ vendorId: restoreBaselines.vendorId }).from(restoreBaselines);
  return rows.map((row) => row.vendorId);
}

export type RestoreBaselineRow = typeof restoreBaselines.$inferSelect;

/**
 * Claims the account's new baseline unless another process holds a claim made after `staleBefore`.
 * Answers the row when claimed, `'taken'` when another holds it, `'done'` when there is none.
 */
export async function claimRestoreBaseline(
  db: Db,
  vendorId: string,
  at: { now: Date; staleBefore: Date },
): Promise<RestoreBaselineRow | 'taken' | 'done'> {
  const [claimed] = await db
    .update(restoreBaselines)
    .set({ claimedAt: at.now })
    .where(
      and(
        eq(restoreBaselines.vendorId, vendorId),
        or(isNull(restoreBaselines.claimedAt), lt(restoreBaselines.claimedAt, at.staleBefore)),
      ),
    )
    .returning();
  if (claimed) return claimed;
  const [held] = await db
    .select({ vendorId: restoreBaselines.vendorId })
    .from(restoreBaselines)
    .where(eq(restoreBaselines.vendorId, vendorId));
  return held ? 'taken' : 'done';
}

export async function releaseRestoreBaseline(db: Db, vendorId: string): Promise<void> {
  await db.update(restoreBaselines).set({ claimedAt: null }).where(eq(restoreBaselines.vendorId, vendorId));
}

export async function deleteRestoreBaseline(db: Db, vendorId: string): Promise<void> {
  await db.delete(restoreBaselines).where(eq(restoreBaselines.vendorId, vendorId));
}
