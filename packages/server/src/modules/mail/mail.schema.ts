import { OUTBOX_STATUSES } from '@automate/contract';
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The templates of the emails the platform itself sends (not vendors' emails to their clients). */
export const systemEmails = pgTable('system_emails', {
  id: uuid().primaryKey().defaultRandom(),
  /** What the platform looks the template up by, e.g. `verify-email`. */
  key: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
  /** Liquid template. */
  subject: text().notNull(),
  /** Liquid template producing Markdown: sent as the text part, and as HTML once converted. */
  body: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const outboxStatus = pgEnum('outbox_status', OUTBOX_STATUSES);

/**
 * Every email the platform sends, written in the same transaction as the change that caused it.
 * `Stored` means no SMTP server is configured (demo mode): the message is kept here only.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    templateKey: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    status: outboxStatus().notNull().default('Queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    // The metrics count the messages waiting or failed without reading the sent ones.
    index('mail_outbox_status_created_idx').on(t.status, t.createdAt),
  ],
);
