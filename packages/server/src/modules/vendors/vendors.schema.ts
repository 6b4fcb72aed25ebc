import { VENDOR_ROLES } from '@automate/contract';
import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

export const vendorRole = pgEnum('vendor_role', VENDOR_ROLES);

export const vendors = pgTable('vendors', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  /** IANA zone; delays in days, months and years are computed in it. */
  timeZone: text().notNull().default('Pacific/Auckland'),
  sm8AccountUuid: text().unique(),
  sm8Connected: boolean().notNull().default(false),
  currentSubscriptionType: text(),
  /** Only vendors with an active subscription have their triggers run; true until billing sets it. */
  subscriptionActive: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const vendorMemberships = pgTable(
  'vendor_memberships',
  {
    vendorId: uuid()
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: vendorRole().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.userId] }), index('vendor_memberships_user_idx').on(t.userId)],
);

/**
 * An invitation to join a vendor, accepted by the person it was emailed to. Nobody becomes a member of
 * a business without accepting. Only the SHA-256 of the emailed token is stored.
 */
export const vendorInvitations = pgTable(
  'vendor_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: uuid()
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: vendorRole().notNull(),
    invitedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vendor_invitations_vendor_idx').on(t.vendorId)],
);
