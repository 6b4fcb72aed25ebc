import { z } from 'zod';
import { DocumentStatus } from './enums.ts';

/** Billing: subscription plans (Stripe products and prices), a vendor's subscription, its usage. */

export const BILLING_INTERVALS = ['month', 'year'] as const;
export const BillingInterval = z.enum(BILLING_INTERVALS, 'The billing interval must be month or year.');
export type BillingInterval = z.infer<typeof BillingInterval>;

/** Stripe's subscription statuses. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** Days a past-due vendor's automations keep running before they pause. */
export const PAST_DUE_GRACE_DAYS = 7;

export const SUBSCRIPTION_NOT_ACTIVE_REASON = 'Your subscription is not active.';

const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents.` })
    .int(`${label} must be a whole number of cents.`)
    .min(0, `${label} cannot be negative.`)
    .max(100_000_000, `${label} must be at most 100,000,000 cents.`);
const limit = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .max(10_000_000, `${label} must be at most 10,000,000.`);

export const PlanLimits = z.object({
  activeTriggers: limit('The number of active automations'),
  runsPerMonth: limit('The number of runs a month'),
  messagesPerMonth: limit('The number of emails and text messages a month'),
  /** Deliveries to web addresses a business may start in a day (midnight to midnight in its time zone). */
  webAddressDeliveriesPerDay: limit('The number of deliveries to web addresses a day'),
});
export type PlanLimits = z.infer<typeof PlanLimits>;

export const PlanInput = z.object({
  name: z.string().trim().min(1, 'Give the plan a name.').max(60, 'The name must be at most 60 characters.'),
  description: z.string().trim().max(500, 'The description must be at most 500 characters.').default(''),
  features: z
    .array(z.string().trim().min(1, 'A feature cannot be empty.').max(120, 'A feature must be at most 120 characters.'))
    .max(20, 'A plan lists at most 20 features.')
    .default([]),
  monthlyPriceCents: cents('The monthly price').min(1, 'The monthly price must be more than zero.'),
  yearlyPriceCents: cents('The yearly price').min(1, 'The yearly price must be more than zero.'),
  trialDays: z
    .number({ error: 'Trial days must be a number.' })
    .int('Trial days must be a whole number.')
    .min(0, 'Trial days cannot be negative.')
    .max(90, 'A trial lasts at most 90 days.')
    .default(0),
  limits: PlanLimits,
});
export type PlanInput = z.input<typeof PlanInput>;

export const PlanUpdate = PlanInput.extend({ id: z.uuid('The plan id is not valid.') });
export type PlanUpdate = z.input<typeof PlanUpdate>;

export const PlanPrice = z.object({
  /** What `GET /Accounting/checkout/{id}` takes. */
  id: z.uuid(),
  interval: BillingInterval,
  amountCents: z.number().int(),
});
export type PlanPrice = z.infer<typeof PlanPrice>;

export const Plan = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  monthlyPriceCents: z.number().int(),
  yearlyPriceCents: z.number().int(),
  trialDays: z.number().int(),
  limits: PlanLimits,
  /** Archived plans are hidden from new buyers; their subscribers keep them. */
  archived: z.boolean(),
  /** The prices on sale now, one per interval. */
  prices: z.array(PlanPrice),
  subscribers: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof Plan>;

export const CheckoutLink = z.object({
  /** Open it in a popup: Stripe Checkout, or /payment/close at once for a change of plan. */
  url: z.url(),
  /** True when an existing subscription was changed in place (prorated) instead of a new checkout. */
  changedInPlace: z.boolean(),
});
export type CheckoutLink = z.infer<typeof CheckoutLink>;

export const UsageMeter = z.object({ used: z.number().int(), limit: z.number().int() });

/**
 * How every page names a business's plan: the plan of its current subscription (the server keeps the
 * vendor's plan name from it), or that it has none.
 */
export function planLabel(name: string | null | undefined): string {
  return name ?? 'No plan';
}

export const CurrentSubscription = z.object({
  id: z.string(),
  plan: Plan.pick({ id: true, name: true, limits: true }).nullable(),
  interval: BillingInterval.nullable(),
  amountCents: z.number().int().nullable(),
  status: SubscriptionStatus,
  /** Whether the vendor's automations run now. */
  automationsRun: z.boolean(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  trialEnd: z.string().nullable(),
  /** While past due: when the automations pause unless the invoice is paid. */
  graceEndsAt: z.string().nullable(),
  usage: z.object({ activeTriggers: UsageMeter, runs: UsageMeter, messages: UsageMeter }).nullable(),
});
export type CurrentSubscription = z.infer<typeof CurrentSubscription>;

// Invoices: Stripe's, mirrored, and manual ones a SuperAdmin writes.

/** GST in New Zealand, on top of a GST-exclusive amount. */
export const GST_RATE = 0.15;

/**
 * The transitions a manual invoice may make. PAID, VOIDED and DELETED are final; an invoice mirrored
 * from Stripe changes in Stripe only.
 */
export const INVOICE_TRANSITIONS: Readonly<Record<DocumentStatus, readonly DocumentStatus[]>> = {
  DRAFT: ['SUBMITTED', 'DELETED'],
  SUBMITTED: ['DRAFT', 'AUTHORISED', 'DELETED'],
  AUTHORISED: ['PAID', 'VOIDED'],
  PAID: [],
  VOIDED: [],
  DELETED: [],
};

export const INVOICE_SOURCES = ['stripe', 'manual'] as const;

export const InvoiceLineInput = z.object({
  description: z
    .string()
    .trim()
    .min(1, 'Describe each line.')
    .max(300, 'A line’s description must be at most 300 characters.'),
  quantity: z
    .number({ error: 'The quantity must be a number.' })
    .int('The quantity must be a whole number.')
    .min(1, 'The quantity must be at least 1.')
    .max(100_000, 'The quantity must be at most 100,000.'),
  /** GST-exclusive. */
  unitAmountCents: cents('The unit amount'),
});
export type InvoiceLineInput = z.input<typeof InvoiceLineInput>;

export const InvoiceInput = z.object({
  vendorId: z.uuid('Choose the business to invoice.'),
  reference: z.string().trim().max(100, 'The reference must be at most 100 characters.').default(''),
  dueDate: z.iso.date('The due date must be a date (YYYY-MM-DD).'),
  lines: z
    .array(InvoiceLineInput)
    .min(1, 'An invoice needs at least one line.')
    .max(100, 'An invoice has at most 100 lines.'),
});
export type InvoiceInput = z.input<typeof InvoiceInput>;

export const InvoiceStatusChange = z.object({ status: DocumentStatus });

export const InvoiceLine = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitAmountCents: z.number().int(),
  amountCents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

/** Longest texts of the platform's invoice details. */
export const INVOICE_DETAILS_MAX = { legalName: 200, address: 500, taxNumber: 40, invoiceFooter: 1000 } as const;

const detail = (label: string, max: number) =>
  z
    .string({ error: `${label}: write it as text.` })
    .trim()
    .max(max, `${label}: use at most ${max} characters.`);

/**
 * The platform as the supplier of its tax invoices: its legal name, postal address, tax (GST) number
 * and a footer (payment terms, bank account). Empty until a super admin writes them.
 */
export const PlatformInvoiceDetails = z.object({
  legalName: detail('Legal name', INVOICE_DETAILS_MAX.legalName),
  address: detail('Address', INVOICE_DETAILS_MAX.address),
  taxNumber: detail('GST number', INVOICE_DETAILS_MAX.taxNumber).refine(
    (value) => value === '' || /^[0-9][0-9 -]*[0-9]$/.test(value),
    'GST number: write its digits, as 123-456-789.',
  ),
  invoiceFooter: detail('Invoice footer', INVOICE_DETAILS_MAX.invoiceFooter),
});
export type PlatformInvoiceDetails = z.infer<typeof PlatformInvoiceDetails>;

export const Invoice = z.object({
  id: z.uuid(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  /** The billed business's postal address ('' until its Admin writes it). */
  vendorAddress: z.string(),
  /** Who issues the invoice: the platform's details as they are now. */
  supplier: PlatformInvoiceDetails,
  number: z.string(),
  source: z.enum(INVOICE_SOURCES),
  status: DocumentStatus,
  reference: z.string(),
  currency: z.string(),
  lines: z.array(InvoiceLine),
  /** GST-exclusive total of the lines. */
  subtotalCents: z.number().int(),
  gstCents: z.number().int(),
  totalCents: z.number().int(),
  amountPaidCents: z.number().int(),
  issuedAt: z.string(),
  dueDate: z.string().nullable(),
  paidAt: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** Where the vendor pays it online (Stripe's hosted invoice page), while it is unpaid. */
  paymentUrl: z.string().nullable(),
  /** The statuses it may move to now (none for Stripe's). */
  nextStatuses: z.array(DocumentStatus),
});
export type Invoice = z.infer<typeof Invoice>;
