import { and, count, desc, eq, gte, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { adminNotices } from '../automation.schema.ts';

/** Stores a notice; answers its id. */
export async function insertNotice(db: Db, values: typeof adminNotices.$inferInsert): Promise<string> {
  const [row] = await db.insert(adminNotices).values(values).returning({ id: adminNotices.id });
  return row?.id ?? '';
}

/** The user's unread notices about the vendor, newest first. */
export function listUnreadNotices(db: Db, where: { vendorId: string; userId: string }, limit: number) {
  return db
    .select()
    .from(adminNotices)
    .where(
      and(
        eq(adminNotices.vendorId, where.vendorId),
        eq(adminNotices.userId, where.userId),
        isNull(adminNotices.readAt),
      ),
    )
    .orderBy(desc(adminNotices.createdAt), desc(adminNotices.id))
    .limit(limit);
}

/** Whether the vendor has a notice with this id (anyone's). */
export async function noticeExists(db: Db, where: { vendorId: string; noticeId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: adminNotices.id })
    .from(adminNotices)
    .where(and(eq(adminNotices.vendorId, where.vendorId), eq(adminNotices.id, where.noticeId)));
  return row !== undefined;
}

/** Marks the user's unread notices about the vendor read (one, with `noticeId`); answers how many. */
export async function markNoticesRead(
  db: Db,
  where: { vendorId: string; userId: string; noticeId?: string },
  at: Date,
): Promise<number> {
  const rows = await db
    .update(adminNotices)
    .set({ readAt: at })
    .where(
      and(
        eq(adminNotices.vendorId, where.vendorId),
        eq(adminNotices.userId, where.userId),
        isNull(adminNotices.readAt),
        where.noticeId ? eq(adminNotices.id, where.noticeId) : undefined,
      ),
    )
    .returning({ id: adminNotices.id });
  return rows.length;
}

/** Whether the user got a notice of this kind about the vendor since `since`. */
export async function hasNoticeSince(
  db: Db,
  where: { vendorId: string; userId: string; kind: string; since: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(adminNotices)
    .where(
      and(
        eq(adminNotices.vendorId, where.vendorId),
        eq(adminNotices.userId, where.userId),
        eq(adminNotices.kind, where.kind),
        gte(adminNotices.createdAt, where.since),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** Deletes the notices read before `readBefore` and those created before `createdBefore`, read or not; answers how many. */
export async function deleteNotices(db: Db, where: { readBefore: Date; createdBefore: Date }): Promise<number> {
  const rows = await db
    .delete(adminNotices)
    .where(or(lt(adminNotices.readAt, where.readBefore), lt(adminNotices.createdAt, where.createdBefore)))
    .returning({ id: adminNotices.id });
  return rows.length;
}
