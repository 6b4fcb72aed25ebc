import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type USER_TOKEN_PURPOSES, userTokens } from './auth.schema.ts';

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
