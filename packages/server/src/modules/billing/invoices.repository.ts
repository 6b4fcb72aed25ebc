import type { SearchQuery } from '@automate/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type SearchSpec, searchTable } from '../../db/search.ts';
import { invoiceNumberCounter, invoices } from './billing.schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'createdAt'>;

export async function insertInvoice(tx: Db, values: InvoiceValues): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  if (!row) throw new Error('insert invoices returned no row');
  return row;
}

/** Inserts or refreshes the mirror of a Stripe invoice. */
export async function upsertStripeInvoice(tx: Db, values: InvoiceValues & { stripeInvoiceId: string }): Promise<void> {
  const { vendorId: _vendor, stripeInvoiceId: _id, number: _number, ...changes } = values;
  await tx.insert(invoices).values(values).onConflictDoUpdate({ target: invoices.stripeInvoiceId, set: changes });
}

/**
 * The next manual invoice number, INV-00001 onwards. Call it in the transaction that writes the
 * invoice: the counter's row stays locked until that commits (a concurrent writer waits and takes the
 * next one), and a rollback gives the number back.
 */
export async function nextInvoiceNumber(tx: Db): Promise<string> {
  const [row] = await tx
    .insert(invoiceNumberCounter)
    .values({ id: true, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceNumberCounter.id,
      set: { lastNumber: sql`${invoiceNumberCounter.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceNumberCounter.lastNumber });
  return `INV-${String(row?.lastNumber ?? 0).padStart(5, '0')}`;
}

export async function findInvoice(
  db: Db,
  id: string,
  options: { lock?: boolean } = {},
): Promise<InvoiceRow | undefined> {
  const query = db.select().from(invoices).where(eq(invoices.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function updateInvoiceStatus(
  tx: Db,
  id: string,
  change: { status: InvoiceRow['status']; paidAt: Date | null; amountPaidCents: number; updatedAt: Date },
): Promise<InvoiceRow | undefined> {
  const [row] = await tx.update(invoices).set(change).where(eq(invoices.id, id)).returning();
  return row;
}

const invoiceSearch: SearchSpec = {
  resource: 'invoices',
  fields: {
    id: { source: invoices.id, kind: 'uuid', filterable: true },
    vendorId: { source: invoices.vendorId, kind: 'uuid', filterable: true },
    number: { source: invoices.number, kind: 'text', sortable: true, filterable: true },
    status: { source: invoices.status, kind: 'text', sortable: true, filterable: true },
    source: { source: invoices.source, kind: 'text', sortable: true, filterable: true },
    reference: { source: invoices.reference, kind: 'text', sortable: true, filterable: true },
    totalCents: { source: invoices.totalCents, kind: 'number', sortable: true, filterable: true },
    issuedAt: { source: invoices.issuedAt, kind: 'timestamp', sortable: true, filterable: true },
    dueDate: { source: invoices.dueDate, kind: 'text', sortable: true, filterable: true },
  },
  defaultSort: { field: 'issuedAt', direction: 'Descending' },
  tiebreaker: invoices.id,
};

/** Invoices, all vendors' or (with `vendorId`) one vendor's. */
export function searchInvoices(db: Db, query: SearchQuery, vendorId?: string) {
  return searchTable<InvoiceRow>(db, {
    table: invoices,
    spec: invoiceSearch,
    query,
    scope: vendorId ? eq(invoices.vendorId, vendorId) : undefined,
  });
}

/** The demo simulator's invoices no longer exist once it restarts: the mirrors keep their history only. */
export async function forgetStripeInvoiceLinks(tx: Db): Promise<void> {
  await tx
    .update(invoices)
    .set({ stripeInvoiceId: null, paymentUrl: null })
    .where(and(eq(invoices.source, 'stripe'), isNotNull(invoices.stripeInvoiceId)));
}
