import type Stripe from 'stripe';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { claimStripeEvent } from './billing.repository.ts';
import { mirrorStripeInvoice } from './invoices.service.ts';
import { applyForCustomer, refreshSubscription, retrieveKnown, syncSubscription } from './subscription-sync.service.ts';

/** How old a signed event may be: Stripe's own default, which refuses replays of old deliveries. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** The subscription (and its customer) an event is about, if any. */
function subscriptionOf(event: Stripe.Event): { subscriptionId: string; customerId: string } | undefined {
  const object = event.data.object as unknown as Record<string, unknown>;
  let subscriptionId: string | undefined;
  if (event.type.startsWith('customer.subscription.')) subscriptionId = idOf(object.id as string);
  else if (event.type === 'checkout.session.completed') subscriptionId = idOf(object.subscription as string | null);
  else if (event.type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | null;
    subscriptionId = idOf(parent?.subscription_details?.subscription);
  }
  const customerId = idOf(object.customer as string | { id: string } | null);
  return subscriptionId && customerId ? { subscriptionId, customerId } : undefined;
}

/**
 * A delivery to POST /api/Webhook/stripe. The signature is checked on the raw bytes with the SDK
 * (a changed body, another secret or a timestamp older than 300 s: 400, nothing changes). Each event
 * id is acted on once. The subscription it names is read again from Stripe instead of trusting the
 * payload, so deliveries out of order or repeated end in Stripe's current state; an invoice event
 * also mirrors the invoice, read from Stripe the same way. An event about a customer, subscription or
 * invoice that is not ours (Stripe does not know it, or it is no vendor's) answers 200 `not-ours`:
 * Stripe would send any other answer again for days.
 */
export async function receiveStripeEvent(
  deps: Deps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ eventId: string; outcome: 'applied' | 'duplicate' | 'not-ours' | 'ignored' }> {
  const billing = deps.billing;
  if (!billing)
    throw new AppError(
      'BAD_REQUEST',
      'This server takes no Stripe events: billing is not configured (STRIPE_SECRET_KEY).',
    );
  let event: Stripe.Event;
  try {
    event = billing.stripe.webhooks.constructEvent(
      rawBody,
      signature ?? '',
      billing.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
    );
  } catch (error) {
    throw new AppError(
      'BAD_REQUEST',
      `The Stripe-Signature header does not match this body: ${error instanceof Error ? error.message : 'it could not be checked'}`,
    );
  }
  const invoiceId = event.type.startsWith('invoice.') ? (event.data.object as { id?: string }).id : undefined;
  const ref = subscriptionOf(event);
  const customerId = idOf((event.data.object as { customer?: string | { id: string } | null }).customer);
  if (invoiceId && customerId) {
    const stripe = billing.stripe;
    const outcome = await applyForCustomer(
      deps,
      customerId,
      { id: event.id, type: event.type },
      async (tx, vendorId) => {
        const invoice = await retrieveKnown(() => stripe.invoices.retrieve(invoiceId));
        if (invoice) await mirrorStripeInvoice(tx, vendorId, invoice, deps.clock.now());
        const subscription = ref ? await refreshSubscription(tx, deps, vendorId, ref.subscriptionId) : 'not-ours';
        return invoice || subscription === 'applied' ? 'applied' : 'not-ours';
      },
    );
    return { eventId: event.id, outcome };
  }
  if (ref) {
    const outcome = await syncSubscription(deps, ref, { id: event.id, type: event.type });
    return { eventId: event.id, outcome };
  }
  const claimed = await claimStripeEvent(deps.database.db, {
    id: event.id,
    type: event.type,
    receivedAt: deps.clock.now(),
  });
  return { eventId: event.id, outcome: claimed ? 'ignored' : 'duplicate' };
}
