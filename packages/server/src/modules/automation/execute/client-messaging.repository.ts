import { CLIENT_FACING_ACTIONS } from '@automate/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { clientOptOuts, unsubscribeLinks } from '../automation.schema.ts';
import { countStepsSince } from './step-counts.repository.ts';

export type ClientOptOutRow = typeof clientOptOuts.$inferSelect;
export type UnsubscribeLinkRow = typeof unsubscribeLinks.$inferSelect;

/** Records the opt-out; a client who opted out already keeps the first date. */
export async function insertOptOut(db: Db, values: ClientOptOutRow): Promise<void> {
  await db.insert(clientOptOuts).values(values).onConflictDoNothing();
}

export async function findOptOut(
  db: Db,
  key: { vendorId: string; clientUuid: string },
): Promise<ClientOptOutRow | undefined> {
  const [row] = await db
    .select()
    .from(clientOptOuts)
    .where(and(eq(clientOptOuts.vendorId, key.vendorId), eq(clientOptOuts.clientUuid, key.clientUuid)));
  return row;
}

export function listOptOuts(db: Db, vendorId: string): Promise<ClientOptOutRow[]> {
  return db
    .select()
    .from(clientOptOuts)
    .where(eq(clientOptOuts.vendorId, vendorId))
    .orderBy(desc(clientOptOuts.optedOutAt));
}

/** Answers whether there was such an opt-out. */
export async function deleteOptOut(db: Db, key: { vendorId: string; clientUuid: string }): Promise<boolean> {
  const rows = await db
    .delete(clientOptOuts)
    .where(and(eq(clientOptOuts.vendorId, key.vendorId), eq(clientOptOuts.clientUuid, key.clientUuid)))
    .returning({ clientUuid: clientOptOuts.clientUuid });
  return rows.length > 0;
}

/**
 * Client-facing messages the vendor's runs sent (or began to send) to the client since `since`, across
 * all triggers: what the contact limits count.
 */
export function countClientMessagesSince(
  db: Db,
  key: { vendorId: string; clientUuid: string },
  since: Date,
): Promise<number> {
  return countStepsSince(db, {
    ...key,
    since,
    actionTypes: CLIENT_FACING_ACTIONS,
    statuses: ['Started', 'Succeeded', 'Uncertain'],
  });
}

/** Keeps whom an unsubscribe link stands for; a link kept before stays as it was. */
export async function insertUnsubscribeLink(db: Db, values: UnsubscribeLinkRow): Promise<void> {
  await db.insert(unsubscribeLinks).values(values).onConflictDoNothing();
}

export async function findUnsubscribeLink(db: Db, tokenSha256: string): Promise<UnsubscribeLinkRow | undefined> {
  const [row] = await db.select().from(unsubscribeLinks).where(eq(unsubscribeLinks.tokenSha256, tokenSha256));
  return row;
}
