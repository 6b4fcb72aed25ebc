import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in content (library templates, help articles, FAQ entries) offered to this installation,
 * each by its key: an item is offered once, so a new one reaches an existing installation and one a
 * super admin deleted stays deleted.
 */
export const seedOffers = pgTable('seed_offers', {
  key: text('key').primaryKey(),
  offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
});

/** Each worker process reports here periodically, so health can tell whether jobs are being processed. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  role: text('role').notNull(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
});
