import type { BillingInterval, SearchQuery } from '@automate/contract';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type SearchSpec, searchTable } from '../../db/search.ts';
import { billingCustomers, planPrices, plans, stripeEvents, vendorSubscriptions } from './billing.schema.ts';

export type PlanRow = typeof plans.$inferSelect;
export type PlanPriceRow = typeof planPrices.$inferSelect;
export type SubscriptionRow = typeof vendorSubscriptions.$inferSelect;
type PlanValues = Omit<typeof plans.$inferInsert, 'id' | 'createdAt' | 'stripeProductId'>;

/** Subscriptions that still hold a plan: they count as its subscribers. */
const HOLDING_STATUSES = ['trialing', 'active', 'past_due', 'unpaid', 'incomplete', 'paused'];

export async function insertPlan(tx: Db, values: PlanValues): Promise<PlanRow> {
  const [row] = await tx.insert(plans).values(values).returning();
  if (!row) throw new Error('insert plans returned no row');
  return row;
}

export async function updatePlan(tx: Db, id: string, values: Partial<PlanValues & { stripeProductId: string | null }>) {
  const [row] = await tx.update(plans).set(values).where(eq(plans.id, id)).returning();
  return row;
}

export async function findPlan(db: Db, id: string, options: { lock?: boolean } = {}): Promise<PlanRow | undefined> {
  const query = db.select().from(plans).where(eq(plans.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function hasAnyPlan(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: plans.id }).from(plans).limit(1);
  return row !== undefined;
}

export function listPlansOnSale(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.archived, false));
}

const planSearch: SearchSpec = {
  resource: 'plans',
  fields: {
    id: { source: plans.id, kind: 'uuid', filterable: true },
    name: { source: plans.name, kind: 'text', sortable: true, filterable: true },
    archived: { source: plans.archived, kind: 'boolean', sortable: true, filterable: true },
    trialDays: { source: plans.trialDays, kind: 'number', sortable: true, filterable: true },
    createdAt: { source: plans.createdAt, kind: 'timestamp', sortable: true, filterable: true },
  },
  defaultSort: { field: 'name', direction: 'Ascending' },
  tiebreaker: plans.id,
};

export function searchPlans(db: Db, query: SearchQuery) {
  return searchTable<PlanRow>(db, { table: plans, spec: planSearch, query });
}

export async function insertPlanPrice(
  tx: Db,
  values: { planId: string; interval: BillingInterval; amountCents: number },
): Promise<PlanPriceRow> {
  const [row] = await tx.insert(planPrices).values(values).returning();
  if (!row) throw new Error('insert plan_prices returned no row');
  return row;
}

export async function deactivatePlanPrice(tx: Db, id: string): Promise<void> {
  await tx.update(planPrices).set({ active: false }).where(eq(planPrices.id, id));
}

export async function setPlanPriceStripeId(tx: Db, id: string, stripePriceId: string): Promise<void> {
  await tx.update(planPrices).set({ stripePriceId }).where(eq(planPrices.id, id));
}

export function listActivePrices(db: Db, planIds: readonly string[]): Promise<PlanPriceRow[]> {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(planPrices)
    .where(and(inArray(planPrices.planId, [...planIds]), eq(planPrices.active, true)));
}

export async function findPlanPrice(db: Db, id: string): Promise<PlanPriceRow | undefined> {
  const [row] = await db.select().from(planPrices).where(eq(planPrices.id, id));
  return row;
}

export async function findPlanPriceByStripeId(db: Db, stripePriceId: string): Promise<PlanPriceRow | undefined> {
  const [row] = await db.select().from(planPrices).where(eq(planPrices.stripePriceId, stripePriceId));
  return row;
}

/** Per plan, how many subscriptions hold it. */
export async function countSubscribers(db: Db, planIds: readonly string[]): Promise<Map<string, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ planId: vendorSubscriptions.planId, total: count() })
    .from(vendorSubscriptions)
    .where(
      and(inArray(vendorSubscriptions.planId, [...planIds]), inArray(vendorSubscriptions.status, HOLDING_STATUSES)),
    )
    .groupBy(vendorSubscriptions.planId);
  return new Map(rows.map((row) => [row.planId ?? '', row.total]));
}

export async function findBillingCustomer(db: Db, vendorId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(billingCustomers).where(eq(billingCustomers.vendorId, vendorId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findBillingCustomerByStripeId(
  db: Db,
  stripeCustomerId: string,
  options: { lock?: boolean } = {},
) {
  const query = db.select().from(billingCustomers).where(eq(billingCustomers.stripeCustomerId, stripeCustomerId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertBillingCustomer(
  tx: Db,
  values: { vendorId: string; stripeCustomerId: string },
): Promise<void> {
  await tx.insert(billingCustomers).values(values);
}

export async function upsertSubscription(
  tx: Db,
  values: Omit<SubscriptionRow, 'updatedAt'> & { updatedAt: Date },
): Promise<void> {
  const { stripeSubscriptionId: _id, vendorId: _vendor, ...changes } = values;
  await tx
    .insert(vendorSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: vendorSubscriptions.stripeSubscriptionId, set: changes });
}

export async function findSubscription(db: Db, where: { vendorId: string; stripeSubscriptionId: string }) {
  const [row] = await db
    .select()
    .from(vendorSubscriptions)
    .where(
      and(
        eq(vendorSubscriptions.vendorId, where.vendorId),
        eq(vendorSubscriptions.stripeSubscriptionId, where.stripeSubscriptionId),
      ),
    );
  return row;
}

/** The vendor's subscriptions, newest first. */
export function listVendorSubscriptions(db: Db, vendorId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(vendorSubscriptions)
    .where(eq(vendorSubscriptions.vendorId, vendorId))
    .orderBy(desc(vendorSubscriptions.startedAt), desc(vendorSubscriptions.stripeSubscriptionId));
}

/** Vendors with a subscription past due since before `cutoff`. */
export async function listVendorsPastDueSince(db: Db, cutoff: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ vendorId: vendorSubscriptions.vendorId })
    .from(vendorSubscriptions)
    .where(
      and(
        eq(vendorSubscriptions.status, 'past_due'),
        isNotNull(vendorSubscriptions.pastDueSince),
        lte(vendorSubscriptions.pastDueSince, cutoff),
      ),
    );
  return rows.map((row) => row.vendorId);
}

/**
 * Whether a subscription was paying at `at`, judged from its stored dates: begun, past any trial, not
 * yet ended, and active or past due now (a canceled or unpaid one counts until Stripe ended it).
 */
function payingAt(at: Date) {
  return and(
    lte(vendorSubscriptions.startedAt, at),
    or(isNull(vendorSubscriptions.trialEnd), lte(vendorSubscriptions.trialEnd, at)),
    or(isNull(vendorSubscriptions.endedAt), gt(vendorSubscriptions.endedAt, at)),
    or(
      inArray(vendorSubscriptions.status, ['active', 'past_due']),
      and(inArray(vendorSubscriptions.status, ['canceled', 'unpaid']), isNotNull(vendorSubscriptions.endedAt)),
    ),
  );
}

/**
 * At `at`: the vendors' paying subscriptions (each vendor's newest, should two overlap) and what they
 * bring in a month, NZD cents (a yearly price counts a twelfth, rounded to the cent).
 */
export async function recurringRevenueAt(db: Db, at: Date): Promise<{ paying: number; monthlyCents: number }> {
  const paying = db
    .selectDistinctOn([vendorSubscriptions.vendorId], {
      monthlyCents:
        sql<number>`case ${planPrices.interval} when 'year' then round(${planPrices.amountCents} / 12.0) else coalesce(${planPrices.amountCents}, 0) end`.as(
          'monthly_cents',
        ),
    })
    .from(vendorSubscriptions)
    .leftJoin(planPrices, eq(planPrices.id, vendorSubscriptions.planPriceId))
    .where(payingAt(at))
    .orderBy(vendorSubscriptions.vendorId, desc(vendorSubscriptions.startedAt))
    .as('paying');
  const [row] = await db
    .select({ paying: count(), monthlyCents: sql<string>`coalesce(sum(${paying.monthlyCents}), 0)` })
    .from(paying);
  return { paying: row?.paying ?? 0, monthlyCents: Number(row?.monthlyCents ?? 0) };
}

/** Paying subscriptions that ended (canceled or unpaid) after `from` and by `to`; those ended in their trial paid nothing and are left out. */
export async function countSubscriptionsEnded(db: Db, range: { from: Date; to: Date }): Promise<number> {
  const [row] = await db
    .select({ ended: count() })
    .from(vendorSubscriptions)
    .where(
      and(
        inArray(vendorSubscriptions.status, ['canceled', 'unpaid']),
        gt(vendorSubscriptions.endedAt, range.from),
        lte(vendorSubscriptions.endedAt, range.to),
        or(isNull(vendorSubscriptions.trialEnd), lt(vendorSubscriptions.trialEnd, vendorSubscriptions.endedAt)),
      ),
    );
  return row?.ended ?? 0;
}

/** Records the event as handled; false when it had been already. */
export async function claimStripeEvent(
  tx: Db,
  event: { id: string; type: string; receivedAt: Date },
): Promise<boolean> {
  const rows = await tx.insert(stripeEvents).values(event).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/** Vendors with any subscription stored. */
export async function listBilledVendorIds(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ vendorId: vendorSubscriptions.vendorId }).from(vendorSubscriptions);
  return rows.map((row) => row.vendorId);
}

/**
 * The simulator keeps nothing between runs: Stripe ids stored against the last one name nothing in
 * the new one, so they are forgotten (plans are created in Stripe again on first need).
 */
export async function forgetStripeIds(tx: Db): Promise<void> {
  await tx.delete(vendorSubscriptions);
  await tx.delete(billingCustomers);
  await tx.delete(stripeEvents);
  await tx.update(planPrices).set({ stripePriceId: null }).where(isNotNull(planPrices.stripePriceId));
  await tx.update(plans).set({ stripeProductId: null }).where(sql`${plans.stripeProductId} is not null`);
}
