import type { TriggerDefinition } from '@automate/contract';
import { TRIGGER_EVENTS } from '@automate/contract';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';
import { ownedByVendor } from '../vendors/vendors.schema.ts';

export const triggerEvent = pgEnum('trigger_event', TRIGGER_EVENTS);

/**
 * A vendor's trigger at its current version. `name`, `event` and `enabled` repeat what the
 * definition says so the list and the engine's matching can filter and sort on them.
 */
export const triggers = pgTable(
  'triggers',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: ownedByVendor(),
    name: text().notNull(),
    event: triggerEvent().notNull(),
    enabled: boolean().notNull(),
    version: integer().notNull().default(1),
    definition: jsonb().$type<TriggerDefinition>().notNull(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('triggers_vendor_event_idx').on(t.vendorId, t.event, t.enabled)],
);

/** The trigger a row belongs to: the row is deleted with its trigger. */
export const ownedByTrigger = () =>
  uuid()
    .notNull()
    .references(() => triggers.id, { onDelete: 'cascade' });

/** Every version a trigger has had; a run points at the one it was created from. */
export const triggerVersions = pgTable(
  'trigger_versions',
  {
    triggerId: ownedByTrigger(),
    version: integer().notNull(),
    definition: jsonb().$type<TriggerDefinition>().notNull(),
    savedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    savedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.triggerId, t.version] })],
);

/**
 * Files uploaded for a Job_SendAttachment action; the bytes are in file storage under `storageName`. A
 * file uploaded for a trigger not saved yet is *pending*: no trigger, and an `expiresAt`; saving the
 * trigger that names it makes it the trigger's (no expiry). An expired pending file counts as gone.
 */
export const triggerAttachments = pgTable(
  'trigger_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: ownedByVendor(),
    triggerId: uuid().references(() => triggers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }),
    actionId: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    storageName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trigger_attachments_trigger_idx').on(t.triggerId)],
);
