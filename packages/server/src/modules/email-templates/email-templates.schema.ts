import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownedByVendor } from '../vendors/vendors.schema.ts';

/** A vendor's own email texts with merge fields, used by the send-email actions. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: ownedByVendor(),
    name: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_templates_vendor_idx').on(t.vendorId)],
);
