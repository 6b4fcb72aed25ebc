import type { BillingInterval, Plan, PlanInput, PlanUpdate, SearchPage, SearchQuery } from '@automate/contract';
import { PlanInput as PlanInputSchema } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import {
  countSubscribers,
  deactivatePlanPrice,
  findPlan,
  hasAnyPlan,
  insertPlan,
  insertPlanPrice,
  listActivePrices,
  listPlansOnSale,
  type PlanPriceRow,
  type PlanRow,
  searchPlans,
  updatePlan,
} from './billing.repository.ts';
import { DEFAULT_PLANS } from './default-plans.ts';
import { syncPlanToStripe } from './plan-stripe-sync.ts';

const PLAN = 'Plan';

function toPlan(row: PlanRow, prices: readonly PlanPriceRow[], subscribers: number): Plan {
  const own = prices.filter((price) => price.planId === row.id);
  const amount = (interval: BillingInterval) => own.find((price) => price.interval === interval)?.amountCents ?? 0;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    features: row.features,
    monthlyPriceCents: amount('month'),
    yearlyPriceCents: amount('year'),
    trialDays: row.trialDays,
    limits: {
      activeTriggers: row.maxActiveTriggers,
      runsPerMonth: row.maxRunsPerMonth,
      messagesPerMonth: row.maxMessagesPerMonth,
      webAddressDeliveriesPerDay: row.maxWebAddressDeliveriesPerDay,
    },
    archived: row.archived,
    prices: own
      .map((price) => ({ id: price.id, interval: price.interval, amountCents: price.amountCents }))
      .sort((a, b) => a.interval.localeCompare(b.interval)),
    subscribers,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function toPlans(db: Db, rows: readonly PlanRow[]): Promise<Plan[]> {
  const ids = rows.map((row) => row.id);
  const [prices, subscribers] = await Promise.all([listActivePrices(db, ids), countSubscribers(db, ids)]);
  return rows.map((row) => toPlan(row, prices, subscribers.get(row.id) ?? 0));
}

function planValues(input: ReturnType<typeof PlanInputSchema.parse>) {
  return {
    name: input.name,
    description: input.description,
    features: input.features,
    trialDays: input.trialDays,
    maxActiveTriggers: input.limits.activeTriggers,
    maxRunsPerMonth: input.limits.runsPerMonth,
    maxMessagesPerMonth: input.limits.messagesPerMonth,
    maxWebAddressDeliveriesPerDay: input.limits.webAddressDeliveriesPerDay,
  };
}

/** Keeps Stripe in step after a change; a failure leaves it for the next checkout, which syncs again. */
async function syncQuietly(deps: Deps, planId: string): Promise<void> {
  if (!deps.billing) return;
  try {
    await syncPlanToStripe(deps, planId);
  } catch (error) {
    deps.logger.warn({ err: error, planId }, 'could not update the plan in Stripe; the next checkout will');
  }
}

/** Inserts a plan with its two prices (used by the API and the seed). */
export async function insertPlanWithPrices(tx: Db, input: PlanInput): Promise<PlanRow> {
  const parsed = PlanInputSchema.parse(input);
  const row = await insertPlan(tx, planValues(parsed));
  await insertPlanPrice(tx, { planId: row.id, interval: 'month', amountCents: parsed.monthlyPriceCents });
  await insertPlanPrice(tx, { planId: row.id, interval: 'year', amountCents: parsed.yearlyPriceCents });
  return row;
}

export async function createPlan(deps: Deps, input: PlanInput): Promise<Plan> {
  const row = await deps.database.db.transaction((tx) => insertPlanWithPrices(tx, input));
  await syncQuietly(deps, row.id);
  return getPlan(deps.database.db, row.id);
}

/**
 * Changes a plan. A new amount is a new price (Stripe prices never change): subscribers keep the
 * price they bought until they change plan; new buyers get the new one.
 */
export async function changePlan(deps: Deps, input: PlanUpdate): Promise<Plan> {
  const parsed = PlanInputSchema.parse(input);
  await deps.database.db.transaction(async (tx) => {
    const row = await findPlan(tx, input.id, { lock: true });
    if (!row) throw notFound(PLAN);
    await updatePlan(tx, row.id, { ...planValues(parsed), updatedAt: deps.clock.now() });
    const prices = await listActivePrices(tx, [row.id]);
    const wanted: Record<BillingInterval, number> = { month: parsed.monthlyPriceCents, year: parsed.yearlyPriceCents };
    for (const interval of ['month', 'year'] as const) {
      const current = prices.find((price) => price.interval === interval);
      if (current?.amountCents === wanted[interval]) continue;
      if (current) await deactivatePlanPrice(tx, current.id);
      await insertPlanPrice(tx, { planId: row.id, interval, amountCents: wanted[interval] });
    }
  });
  await syncQuietly(deps, input.id);
  return getPlan(deps.database.db, input.id);
}

/** Archives a plan: new buyers no longer see it; its subscribers keep it. Plans are never deleted. */
export async function archivePlan(deps: Deps, planId: string): Promise<Plan> {
  const row = await findPlan(deps.database.db, planId);
  if (!row) throw notFound(PLAN);
  if (row.archived) throw new AppError('CONFLICT', `The ${row.name} plan is already archived.`);
  await updatePlan(deps.database.db, planId, { archived: true, updatedAt: deps.clock.now() });
  await syncQuietly(deps, planId);
  return getPlan(deps.database.db, planId);
}

async function getPlan(db: Db, planId: string): Promise<Plan> {
  const row = await findPlan(db, planId);
  if (!row) throw notFound(PLAN);
  const [plan] = await toPlans(db, [row]);
  if (!plan) throw notFound(PLAN);
  return plan;
}

export async function listPlans(db: Db, query: SearchQuery): Promise<SearchPage<Plan>> {
  const page = await searchPlans(db, query);
  return { ...page, rows: await toPlans(db, page.rows) };
}

/** The plans a vendor can buy now, cheapest first. */
export async function listPlansForSale(db: Db): Promise<Plan[]> {
  const plans = await toPlans(db, await listPlansOnSale(db));
  return plans.sort((a, b) => a.monthlyPriceCents - b.monthlyPriceCents || a.name.localeCompare(b.name));
}

/** Seeds the default plans into an installation that has none. */
export async function ensureDefaultPlans(tx: Db): Promise<void> {
  if (await hasAnyPlan(tx)) return;
  for (const plan of DEFAULT_PLANS) await insertPlanWithPrices(tx, plan);
}
