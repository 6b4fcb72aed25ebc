import {
  type DocumentStatus,
  GST_RATE,
  INVOICE_TRANSITIONS,
  type Invoice,
  type InvoiceInput,
  InvoiceInput as InvoiceInputSchema,
  type InvoiceLine,
  type PlatformInvoiceDetails,
  type SearchPage,
  type SearchQuery,
} from '@automate/contract';
import type Stripe from 'stripe';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { findVendor, findVendors } from '../vendors/vendors.service.ts';
import {
  findInvoice,
  type InvoiceRow,
  insertInvoice,
  nextInvoiceNumber,
  searchInvoices,
  updateInvoiceStatus,
  upsertStripeInvoice,
} from './invoices.repository.ts';
import { findPlatformInvoiceDetails } from './platform-settings.repository.ts';

const INVOICE = 'Invoice';
const STATUS_WORDS: Record<DocumentStatus, string> = {
  DRAFT: 'a draft',
  SUBMITTED: 'submitted',
  AUTHORISED: 'authorised',
  PAID: 'paid',
  VOIDED: 'voided',
  DELETED: 'deleted',
};

type Parties = { vendor: { name: string; billingAddress: string }; supplier: PlatformInvoiceDetails };

function toInvoice(row: InvoiceRow, { vendor, supplier }: Parties): Invoice {
  return {
    id: row.id,
    vendorId: row.vendorId,
    vendorName: vendor.name,
    vendorAddress: vendor.billingAddress,
    supplier,
    number: row.number,
    source: row.source,
    status: row.status,
    reference: row.reference,
    currency: row.currency,
    lines: row.lines,
    subtotalCents: row.subtotalCents,
    gstCents: row.gstCents,
    totalCents: row.totalCents,
    amountPaidCents: row.amountPaidCents,
    issuedAt: row.issuedAt.toISOString(),
    dueDate: row.dueDate,
    paidAt: row.paidAt?.toISOString() ?? null,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    paymentUrl: row.status === 'AUTHORISED' ? row.paymentUrl : null,
    nextStatuses: row.source === 'manual' ? [...INVOICE_TRANSITIONS[row.status]] : [],
  };
}

/** The invoices with the businesses they bill and the platform as their supplier. */
async function toInvoices(db: Db, rows: readonly InvoiceRow[]): Promise<Invoice[]> {
  const [vendors, supplier] = await Promise.all([
    findVendors(db, [...new Set(rows.map((row) => row.vendorId))]),
    findPlatformInvoiceDetails(db),
  ]);
  const byId = new Map(vendors.map((vendor) => [vendor.id, vendor]));
  const nobody = { name: '', billingAddress: '' };
  return rows.map((row) => toInvoice(row, { vendor: byId.get(row.vendorId) ?? nobody, supplier }));
}

/** A manual invoice's totals: lines are GST-exclusive and GST is added on the subtotal. */
function totalsOf(lines: ReadonlyArray<Omit<InvoiceLine, 'amountCents'>>) {
  const withAmounts = lines.map((line) => ({ ...line, amountCents: line.quantity * line.unitAmountCents }));
  const subtotalCents = withAmounts.reduce((sum, line) => sum + line.amountCents, 0);
  const gstCents = Math.round(subtotalCents * GST_RATE);
  return { lines: withAmounts, subtotalCents, gstCents, totalCents: subtotalCents + gstCents };
}

/** A SuperAdmin's invoice to a vendor, as a DRAFT with the next number. */
export async function createInvoice(deps: Deps, input: InvoiceInput): Promise<Invoice> {
  const parsed = InvoiceInputSchema.parse(input);
  const db = deps.database.db;
  const vendor = await findVendor(db, parsed.vendorId);
  if (!vendor) throw notFound('Vendor');
  const row = await db.transaction(async (tx) =>
    insertInvoice(tx, {
      vendorId: vendor.id,
      number: await nextInvoiceNumber(tx),
      source: 'manual',
      status: 'DRAFT',
      reference: parsed.reference,
      currency: 'nzd',
      ...totalsOf(parsed.lines),
      issuedAt: deps.clock.now(),
      dueDate: parsed.dueDate,
      updatedAt: deps.clock.now(),
    }),
  );
  return toInvoice(row, { vendor, supplier: await findPlatformInvoiceDetails(db) });
}

/**
 * Moves a manual invoice along INVOICE_TRANSITIONS (DRAFT → SUBMITTED → AUTHORISED → PAID or VOIDED;
 * back to DRAFT from SUBMITTED; DELETED from DRAFT or SUBMITTED). Any other move is 409, with the ones
 * that are allowed. Stripe's invoices change in Stripe only.
 */
export async function changeInvoiceStatus(deps: Deps, invoiceId: string, status: DocumentStatus): Promise<Invoice> {
  const db = deps.database.db;
  const row = await db.transaction(async (tx) => {
    const current = await findInvoice(tx, invoiceId, { lock: true });
    if (!current) throw notFound(INVOICE);
    if (current.source === 'stripe') {
      throw new AppError(
        'CONFLICT',
        `Invoice ${current.number} comes from Stripe: its status changes in Stripe, not here.`,
      );
    }
    const allowed = INVOICE_TRANSITIONS[current.status];
    if (!allowed.includes(status)) {
      const options =
        allowed.length === 0
          ? `A ${current.status} invoice is final.`
          : `From ${current.status} it can become ${allowed.join(' or ')}.`;
      throw new AppError(
        'CONFLICT',
        `Invoice ${current.number} is ${STATUS_WORDS[current.status]} and cannot become ${status}. ${options}`,
      );
    }
    const now = deps.clock.now();
    return updateInvoiceStatus(tx, invoiceId, {
      status,
      paidAt: status === 'PAID' ? now : null,
      amountPaidCents: status === 'PAID' ? current.totalCents : 0,
      updatedAt: now,
    });
  });
  if (!row) throw notFound(INVOICE);
  const [invoice] = await toInvoices(db, [row]);
  if (!invoice) throw notFound(INVOICE);
  return invoice;
}

/**
 * An invoice the caller may read: a SuperAdmin any, a vendor's Admin that vendor's. A User of the
 * vendor is refused (403); anyone else finds nothing (404), as for a missing invoice.
 */
export async function readInvoice(deps: Deps, caller: Caller, invoiceId: string): Promise<Invoice> {
  const db = deps.database.db;
  const row = await findInvoice(db, invoiceId);
  if (!row) throw notFound(INVOICE);
  if (!caller.isSuperAdmin) {
    const membership = caller.memberships.find((candidate) => candidate.vendorId === row.vendorId);
    if (!membership) throw notFound(INVOICE);
    if (membership.role !== 'Admin') throw new AppError('FORBIDDEN', `Only Admins of ${membership.name} can do this.`);
  }
  const [invoice] = await toInvoices(db, [row]);
  if (!invoice) throw notFound(INVOICE);
  return invoice;
}

export async function listInvoices(db: Db, query: SearchQuery, vendorId?: string): Promise<SearchPage<Invoice>> {
  const page = await searchInvoices(db, query, vendorId);
  return { ...page, rows: await toInvoices(db, page.rows) };
}

const STRIPE_STATUS: Partial<Record<string, DocumentStatus>> = {
  paid: 'PAID',
  open: 'AUTHORISED',
  uncollectible: 'AUTHORISED',
  void: 'VOIDED',
};
const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);

/**
 * Keeps the mirror of a Stripe invoice (read from Stripe, inside the event's transaction). Stripe's
 * prices include GST: each line is shown GST-exclusive and GST is the rest of Stripe's total. Drafts
 * are not mirrored until Stripe finalises them.
 */
export async function mirrorStripeInvoice(tx: Db, vendorId: string, invoice: Stripe.Invoice, now: Date): Promise<void> {
  const status = invoice.status ? STRIPE_STATUS[invoice.status] : undefined;
  if (!status) return;
  const lines = invoice.lines.data.map((line) => {
    const quantity = line.quantity ?? 1;
    const amountCents = Math.round(line.amount / (1 + GST_RATE));
    return {
      description: line.description ?? '',
      quantity,
      unitAmountCents: Math.round(amountCents / quantity),
      amountCents,
    };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  await upsertStripeInvoice(tx, {
    vendorId,
    stripeInvoiceId: invoice.id,
    number: invoice.number ?? invoice.id,
    source: 'stripe',
    status,
    reference: invoice.billing_reason === 'subscription_cycle' ? 'Subscription renewal' : 'Subscription',
    currency: invoice.currency,
    lines,
    subtotalCents,
    gstCents: invoice.total - subtotalCents,
    totalCents: invoice.total,
    amountPaidCents: invoice.amount_paid,
    issuedAt: new Date(invoice.created * 1000),
    dueDate: null,
    paidAt: seconds(invoice.status_transitions.paid_at),
    // The lines name the period the invoice pays for (the invoice's own period is the one before).
    periodStart: seconds(invoice.lines.data[0]?.period.start ?? invoice.period_start),
    periodEnd: seconds(invoice.lines.data[0]?.period.end ?? invoice.period_end),
    paymentUrl: invoice.hosted_invoice_url ?? null,
    updatedAt: now,
  });
}
