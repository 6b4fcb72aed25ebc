import { date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownedByVendor } from '../vendors/vendors.schema.ts';

export const INBOX_STATUSES = ['Received', 'Processed', 'Failed'] as const;
export const inboxStatus = pgEnum('webhook_inbox_status', INBOX_STATUSES);

/**
 * Every accepted ServiceM8 delivery, stored before we answer; processing is queued in the same
 * transaction, so nothing accepted is lost. The de-duplication key makes a repeated delivery a no-op.
 */
export const webhookInbox = pgTable(
  'webhook_inbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: ownedByVendor(),
    dedupeKey: text().notNull().unique(),
    /** `object` for field webhooks (`job`, `company`…), the event name (`job.completed`…), or `unknown`. */
    topic: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: inboxStatus().notNull().default('Received'),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('webhook_inbox_vendor_received_idx').on(t.vendorId, t.receivedAt),
    // The metrics count deliveries per day across vendors.
    index('webhook_inbox_received_idx').on(t.receivedAt),
  ],
);

/**
 * How many deliveries arrived on each UTC day, of those the inbox no longer keeps (a handled delivery
 * stays 30 days): the metrics add these to what the inbox still holds.
 */
export const webhookDeliveryDays = pgTable('webhook_delivery_days', {
  day: date({ mode: 'string' }).primaryKey(),
  deliveries: integer().notNull(),
});
