import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored as typed; unique regardless of case. */
    email: text().notNull(),
    userName: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** argon2id; null for a user who has never set a password (invited, or signed in through ServiceM8). */
    passwordHash: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** Platform roles: may hold `SuperAdmin`. Vendor roles live on memberships. */
    roles: text().array().notNull().default(sql`'{}'::text[]`),
    /** Tokens issued before this moment are refused (set when the password changes). */
    sessionsValidFrom: timestamp({ withTimezone: true }).notNull().defaultNow(),
    welcomedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);
