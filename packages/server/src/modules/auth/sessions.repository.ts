import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type SESSION_PROOFS, sessions } from './auth.schema.ts';

export type SessionProof = (typeof SESSION_PROOFS)[number];
export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: Db,
  values: { userId: string; proof: SessionProof; vendorId: string | null; createdAt: Date; expiresAt: Date },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('The session was not stored.');
  return row;
}

function liveSessionQuery(db: Db) {
  return db
    .select({ userId: sessions.userId, vendorId: sessions.vendorId, proof: sessions.proof })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('live_session');
}
const liveSessionQueries = new WeakMap<Db, ReturnType<typeof liveSessionQuery>>();

/** The session if it has neither ended nor expired; every signed-in request reads it (one prepared statement). */
export async function findLiveSession(
  db: Db,
  id: string,
  now: Date,
): Promise<Pick<SessionRow, 'userId' | 'vendorId' | 'proof'> | undefined> {
  let query = liveSessionQueries.get(db);
  if (!query) {
    query = liveSessionQuery(db);
    liveSessionQueries.set(db, query);
  }
  const [row] = await query.execute({ id, now: now.toISOString() });
  return row;
}

export async function extendSession(db: Db, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

/** Ends one of the user's sessions; false when it was not theirs or had ended. */
export async function endSession(db: Db, where: { id: string; userId: string }, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.id, where.id), eq(sessions.userId, where.userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function endSessionsOfUser(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

/** Deletes sessions that expired or ended before `cutoff`; answers how many. */
export async function deleteSessionsOver(db: Db, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(sql`coalesce(${sessions.endedAt}, ${sessions.expiresAt}) <= ${cutoff}`)
    .returning({ id: sessions.id });
  return rows.length;
}
