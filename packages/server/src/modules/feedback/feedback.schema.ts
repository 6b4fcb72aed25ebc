import { index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownedByUser } from '../users/users.schema.ts';
import { ownedByVendor } from '../vendors/vendors.schema.ts';

/**
 * Feedback people send from inside the app (when no external feedback form is configured): what they
 * wrote, an optional rating, and the page they were on. Deleted with its business or its sender.
 */
export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: ownedByVendor(),
    userId: ownedByUser(),
    message: text().notNull(),
    /** 1 to 5; null when the person did not rate. */
    rating: smallint(),
    /** The app's page it was sent from. */
    page: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('feedback_messages_created_at_idx').on(t.createdAt, t.id)],
);
