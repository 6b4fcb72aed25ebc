import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { signInAttempts, type USER_TOKEN_PURPOSES, userTokens } from './auth.schema.ts';

export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];
export type UserTokenRow = typeof userTokens.$inferSelect;

export async function insertUserToken(
  db: Db,
  values: { userId: string; purpose: UserTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(userTokens).values(values);
}

/** Marks the user's unused tokens for a purpose as used, so only the newest link works. */
export async function retireUserTokens(db: Db, userId: string, purpose: UserTokenPurpose, now: Date): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

/**
 * Uses a token once: of two concurrent attempts only one gets the row back. Null when the token does
 * not exist, belongs to someone else, was used or has expired.
 */
export async function consumeUserToken(
  db: Db,
  lookup: { userId: string; purpose: UserTokenPurpose; tokenHash: string; now: Date },
): Promise<UserTokenRow | undefined> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: lookup.now })
    .where(
      and(
        eq(userTokens.tokenHash, lookup.tokenHash),
        eq(userTokens.userId, lookup.userId),
        eq(userTokens.purpose, lookup.purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, lookup.now),
      ),
    )
    .returning();
  return row;
}

export async function findUserTokenByHash(db: Db, tokenHash: string): Promise<UserTokenRow | undefined> {
  const [row] = await db.select().from(userTokens).where(eq(userTokens.tokenHash, tokenHash));
  return row;
}

export type SignInAttemptRow = typeof signInAttempts.$inferSelect;

export async function findSignInAttempts(db: Db, emailKey: string): Promise<SignInAttemptRow | undefined> {
  const [row] = await db.select().from(signInAttempts).where(eq(signInAttempts.emailKey, emailKey));
  return row;
}

/** The addresses among `emailKeys` that are locked at `now`, with when each lock ends. */
export async function findLocksAt(
  db: Db,
  emailKeys: readonly string[],
  now: Date,
): Promise<Array<{ emailKey: string; lockedUntil: Date }>> {
  if (emailKeys.length === 0) return [];
  const rows = await db
    .select({ emailKey: signInAttempts.emailKey, lockedUntil: signInAttempts.lockedUntil })
    .from(signInAttempts)
    .where(and(inArray(signInAttempts.emailKey, [...emailKeys]), gt(signInAttempts.lockedUntil, now)));
  return rows.flatMap((row) => (row.lockedUntil ? [{ emailKey: row.emailKey, lockedUntil: row.lockedUntil }] : []));
}

/**
 * Counts a failed sign-in for the address inside a sliding window and locks it when the count reaches
 * `maxFailures`. One statement, so concurrent attempts cannot undercount.
 */
export async function recordFailedSignIn(
  db: Db,
  emailKey: string,
  options: { now: Date; windowMs: number; maxFailures: number; lockMs: number },
): Promise<{ lockedUntil: Date | null }> {
  const windowStart = new Date(options.now.getTime() - options.windowMs);
  const lockUntil = new Date(options.now.getTime() + options.lockMs);
  const fresh = sql`(${signInAttempts.firstFailedAt} < ${windowStart})`;
  const count = sql`case when ${fresh} then 1 else ${signInAttempts.failedCount} + 1 end`;
  const [row] = await db
    .insert(signInAttempts)
    .values({
      emailKey,
      failedCount: 1,
      firstFailedAt: options.now,
      lockedUntil: options.maxFailures <= 1 ? lockUntil : null,
    })
    .onConflictDoUpdate({
      target: signInAttempts.emailKey,
      set: {
        failedCount: count,
        firstFailedAt: sql`case when ${fresh} then ${options.now} else ${signInAttempts.firstFailedAt} end`,
        lockedUntil: sql`case when ${count} >= ${options.maxFailures} then ${lockUntil} else ${signInAttempts.lockedUntil} end`,
      },
    })
    .returning({ lockedUntil: signInAttempts.lockedUntil });
  return { lockedUntil: row?.lockedUntil ?? null };
}

export async function clearSignInAttempts(db: Db, emailKey: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.emailKey, emailKey));
}
