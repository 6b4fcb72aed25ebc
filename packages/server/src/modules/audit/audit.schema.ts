import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What super admins did: each admin action, and each change made while acting as a vendor; and the
 * vendors' own activity on their triggers and runs (actions `trigger.*` and `run.*`, kept a year). Entries
 * name users and vendors by id without a foreign key, so they outlive what they describe.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    at: timestamp({ withTimezone: true }).notNull(),
    actorUserId: uuid().notNull(),
    /** Who it was when they did it ("Ada Admin <ada@example.com>"). */
    actorName: text().notNull(),
    /** What was done, for filtering: `user.superadmin`, `vendor.suspension`, or `POST /vendor/{vendorId}/Trigger` as a vendor. */
    action: text().notNull(),
    /** The same as a sentence. */
    summary: text().notNull(),
    vendorId: uuid(),
    targetUserId: uuid(),
    /** The trigger a vendor's activity entry is about (its run's trigger for a run's cancel or retry). */
    triggerId: uuid(),
    /** The run a cancel or retry is about. */
    runId: uuid(),
    /** The setting before and after the change, when it has one; what was sent, for a change made as a vendor. */
    before: jsonb(),
    after: jsonb(),
  },
  (t) => [
    index('audit_entries_at_idx').on(t.at),
    index('audit_entries_vendor_at_idx').on(t.vendorId, t.at),
    index('audit_entries_target_user_at_idx').on(t.targetUserId, t.at),
    index('audit_entries_actor_at_idx').on(t.actorUserId, t.at),
    index('audit_entries_trigger_at_idx').on(t.triggerId, t.at),
  ],
);
