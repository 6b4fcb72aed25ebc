import Stripe from 'stripe';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import {
  findPlan,
  listActivePrices,
  type PlanPriceRow,
  type PlanRow,
  setPlanPriceStripeId,
  updatePlan,
} from './billing.repository.ts';
import type { BillingRuntime } from './billing-runtime.ts';

const CURRENCY = 'nzd';

/**
 * Runs calls to Stripe, turning Stripe being unreachable, busy or refusing our key into a 503 with a
 * sentence (instead of a bare 500), and a request Stripe refuses into a 400 with Stripe's words.
 */
export async function withStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeAuthenticationError ||
      error instanceof Stripe.errors.StripePermissionError
    ) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Billing is not set up correctly: Stripe refused this server’s key.');
    }
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError
    ) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Stripe could not be reached. Nothing was changed; try again in a minute.',
      );
    }
    if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
      throw new AppError('BAD_REQUEST', `Stripe refused the change: ${error.message}`);
    }
    throw error;
  }
}

export function requireBilling(deps: Deps): BillingRuntime {
  if (!deps.billing) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Billing is not set up on this server: STRIPE_SECRET_KEY is not configured.',
    );
  }
  return deps.billing;
}

/**
 * Makes Stripe hold the plan as it is here: a product with its name, description and whether it is
 * sold, and a price for each of its current prices. Idempotency keys name our rows, so two requests
 * at once (or a retry after a crash) create each Stripe object once.
 */
export async function syncPlanToStripe(deps: Deps, planId: string): Promise<void> {
  const { stripe } = requireBilling(deps);
  const db = deps.database.db;
  const plan = await findPlan(db, planId);
  if (!plan) return;
  const productId = await ensureProduct(deps, plan);
  await stripe.products.update(productId, {
    name: plan.name,
    description: plan.description || '',
    active: !plan.archived,
  });
  for (const price of await listActivePrices(db, [plan.id])) await ensureStripePrice(deps, plan, price, productId);
}

async function ensureProduct(deps: Deps, plan: PlanRow): Promise<string> {
  if (plan.stripeProductId) return plan.stripeProductId;
  const product = await requireBilling(deps).stripe.products.create(
    { name: plan.name, ...(plan.description ? { description: plan.description } : {}), metadata: { planId: plan.id } },
    { idempotencyKey: `plan-product-${plan.id}` },
  );
  await updatePlan(deps.database.db, plan.id, { stripeProductId: product.id });
  return product.id;
}

/** The Stripe price of one of our prices, created on first need. */
export async function ensureStripePrice(
  deps: Deps,
  plan: PlanRow,
  price: PlanPriceRow,
  productId?: string,
): Promise<string> {
  if (price.stripePriceId) return price.stripePriceId;
  const product = productId ?? (await ensureProduct(deps, plan));
  const created = await requireBilling(deps).stripe.prices.create(
    {
      product,
      currency: CURRENCY,
      unit_amount: price.amountCents,
      recurring: { interval: price.interval },
      metadata: { planId: plan.id, planPriceId: price.id },
    },
    { idempotencyKey: `plan-price-${price.id}` },
  );
  await setPlanPriceStripeId(deps.database.db, price.id, created.id);
  return created.id;
}
