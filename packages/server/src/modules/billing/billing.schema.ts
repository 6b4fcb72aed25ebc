import { BILLING_INTERVALS, DOCUMENT_STATUSES, INVOICE_SOURCES, type InvoiceLine } from '@automate/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownedByVendor, vendors } from '../vendors/vendors.schema.ts';

/** A subscription plan, sold as one Stripe product with a monthly and a yearly price. */
export const plans = pgTable('plans', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  description: text().notNull().default(''),
  features: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  trialDays: integer().notNull().default(0),
  maxActiveTriggers: integer().notNull(),
  maxRunsPerMonth: integer().notNull(),
  maxMessagesPerMonth: integer().notNull(),
  maxWebAddressDeliveriesPerDay: integer().notNull(),
  /** Hidden from new buyers; its subscribers keep it. A plan is never deleted. */
  archived: boolean().notNull().default(false),
  /** Created in Stripe on first need (a checkout), then kept in step with the name and description. */
  stripeProductId: text().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const billingInterval = pgEnum('billing_interval', BILLING_INTERVALS);

/**
 * A plan's price for an interval (NZD cents, GST-inclusive). A new amount is a new row (and a new
 * Stripe price); the old one stays, inactive, so its subscribers are still known to be on the plan.
 */
export const planPrices = pgTable(
  'plan_prices',
  {
    id: uuid().primaryKey().defaultRandom(),
    planId: uuid()
      .notNull()
      .references(() => plans.id),
    interval: billingInterval().notNull(),
    amountCents: integer().notNull(),
    active: boolean().notNull().default(true),
    stripePriceId: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plan_prices_one_active_idx').on(t.planId, t.interval).where(sql`${t.active}`)],
);

/** The vendor's Stripe customer: one per vendor, created at its first checkout. */
export const billingCustomers = pgTable('billing_customers', {
  vendorId: uuid()
    .primaryKey()
    .references(() => vendors.id, { onDelete: 'cascade' }),
  stripeCustomerId: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Each Stripe subscription of a vendor, as last read from Stripe. */
export const vendorSubscriptions = pgTable(
  'vendor_subscriptions',
  {
    stripeSubscriptionId: text().primaryKey(),
    vendorId: ownedByVendor(),
    planId: uuid().references(() => plans.id),
    planPriceId: uuid().references(() => planPrices.id),
    status: text().notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    trialEnd: timestamp({ withTimezone: true }),
    /**
     * When this server first saw it past due: the grace before automations pause counts from here. Kept
     * while it stays unpaid.
     */
    pastDueSince: timestamp({ withTimezone: true }),
    /** When Stripe ended it (canceled). */
    endedAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vendor_subscriptions_vendor_idx').on(t.vendorId, t.startedAt)],
);

/** Stripe events already handled: each event id is acted on once however often it is delivered. */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const documentStatus = pgEnum('document_status', DOCUMENT_STATUSES);
export const invoiceSource = pgEnum('invoice_source', INVOICE_SOURCES);

/**
 * The last number given to a manual invoice (INV-00001, INV-00002, …; Stripe numbers its own). One row,
 * raised inside the transaction that writes the invoice: a second writer waits for the first to commit,
 * and a rolled-back invoice gives its number back, so the numbers run without gaps.
 */
export const invoiceNumberCounter = pgTable(
  'invoice_number_counter',
  {
    id: boolean().primaryKey().default(true),
    lastNumber: integer().notNull(),
  },
  (t) => [check('invoice_number_counter_one_row', sql`${t.id}`)],
);

/**
 * The platform's own details as the supplier of its tax invoices: legal name, address, tax (GST) number
 * and a footer (payment terms, bank account). One row, which a super admin edits; empty until then.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: boolean().primaryKey().default(true),
    legalName: text().notNull().default(''),
    address: text().notNull().default(''),
    taxNumber: text().notNull().default(''),
    invoiceFooter: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('platform_settings_one_row', sql`${t.id}`)],
);

/**
 * The vendor's invoices: every Stripe invoice, mirrored (PAID when paid, AUTHORISED while owed, VOIDED
 * when voided), and manual ones a SuperAdmin writes and moves through the statuses. Amounts in cents;
 * `subtotalCents` excludes GST.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: ownedByVendor(),
    number: text().notNull().unique(),
    source: invoiceSource().notNull(),
    stripeInvoiceId: text().unique(),
    status: documentStatus().notNull(),
    reference: text().notNull().default(''),
    currency: text().notNull().default('nzd'),
    lines: jsonb().$type<InvoiceLine[]>().notNull(),
    subtotalCents: integer().notNull(),
    gstCents: integer().notNull(),
    totalCents: integer().notNull(),
    amountPaidCents: integer().notNull().default(0),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    dueDate: date({ mode: 'string' }),
    paidAt: timestamp({ withTimezone: true }),
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    paymentUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_vendor_issued_idx').on(t.vendorId, t.issuedAt), index('invoices_issued_idx').on(t.issuedAt)],
);
