import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, vendorRole } from '../users/users.schema.ts';
import { ownedByVendor } from '../vendors/vendors.schema.ts';

/**
 * An invitation to join a vendor, accepted by the person it was emailed to. Nobody becomes a member of
 * a business without accepting. Only the SHA-256 of the emailed token is stored.
 */
export const vendorInvitations = pgTable(
  'vendor_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: ownedByVendor(),
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
