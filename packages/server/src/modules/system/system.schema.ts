import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Each worker process reports here periodically, so health can tell whether jobs are being processed. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  role: text('role').notNull(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
});
