import type { ClientMessagingSettings } from '@automate/contract';
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const vendors = pgTable('vendors', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  /** IANA zone; delays in days, months and years are computed in it. */
  timeZone: text().notNull().default('Pacific/Auckland'),
  /** How automated messages sign off (`{{ vendor.sender_name }}`); null: the business's name in ServiceM8. */
  senderName: text(),
  /** Quiet hours, contact limits and the opt-out badge for automated client messages; null: the defaults. */
  clientMessaging: jsonb().$type<ClientMessagingSettings>(),
  /** The business's postal address as its invoices show it; empty until its Admin writes it. */
  billingAddress: text().notNull().default(''),
  sm8AccountUuid: text().unique(),
  sm8Connected: boolean().notNull().default(false),
  /**
   * Staff of the connected ServiceM8 account who open Automate from ServiceM8 and prove their Automate
   * account may join as User (never members an Admin removed). Off: only invitations add members.
   */
  sm8StaffMayJoin: boolean().notNull().default(false),
  currentSubscriptionType: text(),
  /**
   * Only vendors with an active subscription have their triggers run. Where billing is set up, a
   * business that signs up starts without (until it chooses a plan); billing sets it from then on. The
   * default keeps vendors that were running before billing existed running until they are billed.
   */
  subscriptionActive: boolean().notNull().default(true),
  /** Set by a super admin: the vendor's new runs are Skipped with this reason, shown to the vendor. */
  automationsSuspendedAt: timestamp({ withTimezone: true }),
  automationsSuspendedReason: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The vendor a row belongs to: the row is deleted with its vendor. */
export const ownedByVendor = () =>
  uuid()
    .notNull()
    .references(() => vendors.id, { onDelete: 'cascade' });
