import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { webhookInbox } from './webhooks.schema.ts';

export type InboxRow = typeof webhookInbox.$inferSelect;

/** Stores a delivery unless one with the same key is there already; answers the new row's id, or undefined. */
export async function insertInboxDelivery(
  db: Db,
  values: { vendorId: string; dedupeKey: string; topic: string; payload: Record<string, unknown>; receivedAt: Date },
): Promise<string | undefined> {
  const [row] = await db
    .insert(webhookInbox)
    .values(values)
    .onConflictDoNothing({ target: webhookInbox.dedupeKey })
    .returning({ id: webhookInbox.id });
  return row?.id;
}

export async function findInboxDelivery(db: Db, id: string): Promise<InboxRow | undefined> {
  const [row] = await db.select().from(webhookInbox).where(eq(webhookInbox.id, id));
  return row;
}

export async function markInboxDelivery(db: Db, id: string, status: InboxRow['status'], at: Date): Promise<void> {
  await db.update(webhookInbox).set({ status, processedAt: at }).where(eq(webhookInbox.id, id));
}

/**
 * Marks an already processed delivery Received again, received now (so the records it names are read
 * again); answers its id, or undefined when it is still pending.
 */
export async function reopenProcessedDelivery(
  db: Db,
  dedupeKey: string,
  receivedAt: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(webhookInbox)
    .set({ status: 'Received', processedAt: null, receivedAt })
    .where(and(eq(webhookInbox.dedupeKey, dedupeKey), ne(webhookInbox.status, 'Received')))
    .returning({ id: webhookInbox.id });
  return row?.id;
}
