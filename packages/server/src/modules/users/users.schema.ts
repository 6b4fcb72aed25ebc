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

/**
 * Members an Admin removed from a vendor. Joining from inside ServiceM8 (when the vendor allows its
 * ServiceM8 staff to join) never brings them back; only a new invitation they accept does.
 */
export const vendorMemberRemovals = pgTable(
  'vendor_member_removals',
  {
    vendorId: ownedByVendor(),
    userId: ownedByUser(),
    removedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.userId] })],
);

/**
 * A ServiceM8 login, (account, staff member), linked to one Automate user by that user, after proving
 * their Automate account in the browser that opened Automate from ServiceM8. Nothing ServiceM8 says
 * about the staff member (email, name, ownership) links or signs anyone in.
 */
export const sm8Identities = pgTable(
  'sm8_identities',
  {
    accountUuid: text().notNull(),
    staffUuid: text().notNull(),
    userId: ownedByUser(),
    /** As ServiceM8 named them when linked, so the person recognises the link in their profile. */
    accountName: text().notNull(),
    staffName: text().notNull(),
    linkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountUuid, t.staffUuid] }), index('sm8_identities_user_idx').on(t.userId)],
);
