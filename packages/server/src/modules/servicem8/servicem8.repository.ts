import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  sm8AddonCodes,
  sm8ConnectAttempts,
  sm8Connections,
  sm8PendingConnections,
  sm8ReferenceItems,
  sm8UsedAddonEvents,
} from './servicem8.schema.ts';

export type Sm8ConnectionRow = typeof sm8Connections.$inferSelect;
export type Sm8PendingRow = typeof sm8PendingConnections.$inferSelect;
export type Sm8ReferenceRow = typeof sm8ReferenceItems.$inferSelect;

export async function findConnection(db: Db, vendorId: string): Promise<Sm8ConnectionRow | undefined> {
  const [row] = await db.select().from(sm8Connections).where(eq(sm8Connections.vendorId, vendorId));
  return row;
}

export async function findConnectionByAccount(db: Db, accountUuid: string): Promise<Sm8ConnectionRow | undefined> {
  const [row] = await db.select().from(sm8Connections).where(eq(sm8Connections.accountUuid, accountUuid));
  return row;
}

export async function listActiveConnections(db: Db): Promise<Sm8ConnectionRow[]> {
  return db.select().from(sm8Connections).where(isNull(sm8Connections.needsReconnectSince));
}

/** The connection row, locked until the transaction ends: one process refreshes tokens at a time. */
export async function lockConnection(tx: Db, vendorId: string): Promise<Sm8ConnectionRow | undefined> {
  const [row] = await tx.select().from(sm8Connections).where(eq(sm8Connections.vendorId, vendorId)).for('update');
  return row;
}

export async function upsertConnection(db: Db, values: typeof sm8Connections.$inferInsert): Promise<void> {
  const { vendorId: _vendorId, createdAt: _createdAt, ...changes } = values;
  await db
    .insert(sm8Connections)
    .values(values)
    .onConflictDoUpdate({ target: sm8Connections.vendorId, set: { ...changes, updatedAt: new Date() } });
}

export async function updateConnection(
  db: Db,
  vendorId: string,
  patch: Partial<typeof sm8Connections.$inferInsert>,
): Promise<void> {
  await db
    .update(sm8Connections)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(sm8Connections.vendorId, vendorId));
}

/** Removes the vendor's connection (its tokens and webhook secret); answers whether there was one. */
export async function deleteConnection(tx: Db, vendorId: string): Promise<boolean> {
  const rows = await tx
    .delete(sm8Connections)
    .where(eq(sm8Connections.vendorId, vendorId))
    .returning({ vendorId: sm8Connections.vendorId });
  return rows.length > 0;
}

export async function insertPendingConnection(
  db: Db,
  values: typeof sm8PendingConnections.$inferInsert,
): Promise<void> {
  await db.insert(sm8PendingConnections).values(values);
}

export async function findPendingConnection(db: Db, tokenHash: string, now: Date): Promise<Sm8PendingRow | undefined> {
  const [row] = await db
    .select()
    .from(sm8PendingConnections)
    .where(and(eq(sm8PendingConnections.tokenHash, tokenHash), sql`${sm8PendingConnections.expiresAt} > ${now}`));
  return row;
}

/** The pending connection awaiting this user's confirmation of their address, if it has not expired. */
export async function findPendingConnectionOfUser(
  db: Db,
  userId: string,
  now: Date,
): Promise<Sm8PendingRow | undefined> {
  const [row] = await db
    .select()
    .from(sm8PendingConnections)
    .where(and(eq(sm8PendingConnections.userId, userId), sql`${sm8PendingConnections.expiresAt} > ${now}`))
    .orderBy(sql`${sm8PendingConnections.createdAt} desc`)
    .limit(1);
  return row;
}

/** Keeps the pending connection for the user who will own its new business, until `expiresAt`. */
export async function claimPendingConnection(
  db: Db,
  id: string,
  claim: { userId: string; expiresAt: Date },
): Promise<void> {
  await db.update(sm8PendingConnections).set(claim).where(eq(sm8PendingConnections.id, id));
}

export async function deletePendingConnection(db: Db, id: string): Promise<void> {
  await db.delete(sm8PendingConnections).where(eq(sm8PendingConnections.id, id));
}

/** Stores a started sign-in and drops those that ran out, so the table holds only live ones. */
export async function insertConnectAttempt(
  db: Db,
  attempt: { nonceHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(sm8ConnectAttempts).where(lte(sm8ConnectAttempts.expiresAt, now));
  await db.insert(sm8ConnectAttempts).values(attempt);
}

/** Deletes the started sign-in and answers whether it was there and unexpired: each is used once. */
export async function takeConnectAttempt(db: Db, nonceHash: string, now: Date): Promise<boolean> {
  const taken = await db
    .delete(sm8ConnectAttempts)
    .where(eq(sm8ConnectAttempts.nonceHash, nonceHash))
    .returning({ expiresAt: sm8ConnectAttempts.expiresAt });
  return taken.some((attempt) => attempt.expiresAt > now);
}

/**
 * Records an add-on event token as used (by hash) and drops records that ran out; false when it had been
 * used before, so each token signs in once.
 */
export async function useAddonEvent(
  db: Db,
  event: { tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  await db.delete(sm8UsedAddonEvents).where(lte(sm8UsedAddonEvents.expiresAt, now));
  const rows = await db
    .insert(sm8UsedAddonEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ tokenHash: sm8UsedAddonEvents.tokenHash });
  return rows.length === 1;
}

/** Stores an add-on window's code and drops those that ran out. */
export async function insertAddonCode(db: Db, code: typeof sm8AddonCodes.$inferInsert, now: Date): Promise<void> {
  await db.delete(sm8AddonCodes).where(lte(sm8AddonCodes.expiresAt, now));
  await db.insert(sm8AddonCodes).values(code);
}

/** Deletes the code and answers the identity it names if it had not run out: each code is used once. */
export async function takeAddonCode(
  db: Db,
  codeHash: string,
  now: Date,
): Promise<{ accountUuid: string; staffUuid: string } | undefined> {
  const taken = await db.delete(sm8AddonCodes).where(eq(sm8AddonCodes.codeHash, codeHash)).returning({
    accountUuid: sm8AddonCodes.accountUuid,
    staffUuid: sm8AddonCodes.staffUuid,
    expiresAt: sm8AddonCodes.expiresAt,
  });
  const code = taken.find((row) => row.expiresAt > now);
  return code && { accountUuid: code.accountUuid, staffUuid: code.staffUuid };
}

export async function listReferenceItems(db: Db, vendorId: string): Promise<Sm8ReferenceRow[]> {
  return db.select().from(sm8ReferenceItems).where(eq(sm8ReferenceItems.vendorId, vendorId));
}

/** The vendor's synced records among `uuids` (any kind). */
export async function findReferenceItems(
  db: Db,
  where: { vendorId: string; uuids: readonly string[] },
): Promise<Sm8ReferenceRow[]> {
  if (where.uuids.length === 0) return [];
  return db
    .select()
    .from(sm8ReferenceItems)
    .where(and(eq(sm8ReferenceItems.vendorId, where.vendorId), inArray(sm8ReferenceItems.uuid, [...where.uuids])));
}

/** Replaces the vendor's reference data of one kind with what ServiceM8 has now. */
export async function replaceReferenceItems(
  db: Db,
  vendorId: string,
  kind: Sm8ReferenceRow['kind'],
  items: Array<Pick<Sm8ReferenceRow, 'uuid' | 'name' | 'active' | 'details'>>,
  syncedAt: Date,
): Promise<void> {
  await db
    .delete(sm8ReferenceItems)
    .where(and(eq(sm8ReferenceItems.vendorId, vendorId), eq(sm8ReferenceItems.kind, kind)));
  if (items.length === 0) return;
  await db.insert(sm8ReferenceItems).values(items.map((item) => ({ ...item, vendorId, kind, syncedAt })));
}

/** Adds (or renames) one reference record, as when we create it in ServiceM8 ourselves. */
export async function upsertReferenceItem(
  db: Db,
  item: Pick<Sm8ReferenceRow, 'vendorId' | 'kind' | 'uuid' | 'name' | 'active' | 'details' | 'syncedAt'>,
): Promise<void> {
  await db
    .insert(sm8ReferenceItems)
    .values(item)
    .onConflictDoUpdate({
      target: [sm8ReferenceItems.vendorId, sm8ReferenceItems.kind, sm8ReferenceItems.uuid],
      set: { name: item.name, active: item.active, details: item.details, syncedAt: item.syncedAt },
    });
}
