import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { apiKeys } from './auth.schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: Db, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error('the API key was not stored');
  return row;
}

/** The vendor's keys not revoked, newest first. */
export function listApiKeys(db: Db, vendorId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.vendorId, vendorId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}

/** The live key with this hash. */
export async function findLiveApiKey(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row;
}

/** Revokes the vendor's key; false when it has no such live key. */
export async function revokeApiKey(
  db: Db,
  key: { vendorId: string; id: string },
  at: Date,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, key.id), eq(apiKeys.vendorId, key.vendorId), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

/** Notes a use, at most once a minute per key (one write per request would be wasteful). */
export async function noteApiKeyUse(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(
      and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at.getTime() - 60_000)))),
    );
}
