import { VENDOR_ROLES } from '@automate/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownedByVendor } from '../vendors/vendors.schema.ts';

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
    /** When a session was last handed out for a sign-in (not a refresh). */
    lastSignInAt: timestamp({ withTimezone: true }),
    /** Set by a super admin: the user cannot sign in and their sessions stop working. */
    disabledAt: timestamp({ withTimezone: true }),
    /** The user asked for the daily email of the previous day's runs of the vendors they are an Admin of. */
    dailyDigest: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);

/** The user a row belongs to: the row is deleted with its user. */
export const ownedByUser = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const vendorRole = pgEnum('vendor_role', VENDOR_ROLES);

/** Who belongs to which vendor, with which role. */
export const vendorMemberships = pgTable(
  'vendor_memberships',
  {
    vendorId: ownedByVendor(),
    userId: ownedByUser(),
    role: vendorRole().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.userId] }), index('vendor_memberships_user_idx').on(t.userId)],
);
