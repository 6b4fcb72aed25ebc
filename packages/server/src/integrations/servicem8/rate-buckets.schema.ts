import { doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * ServiceM8 allows 180 requests a minute and 20,000 a day per app and account. Every process takes a
 * token here before calling, so together they stay under the limits (see rate-limiter.ts).
 */
export const sm8RateBuckets = pgTable('sm8_rate_buckets', {
  accountUuid: text().primaryKey(),
  tokens: doublePrecision().notNull(),
  refilledAt: timestamp({ withTimezone: true }).notNull(),
  dayStartedAt: timestamp({ withTimezone: true }).notNull(),
  dayCount: integer().notNull().default(0),
  /** How long calls waited for the allowance in the current day window, added up (milliseconds). */
  dayThrottledMs: doublePrecision().notNull().default(0),
});
