import { StripeError } from '../http/stripe-error.ts';
import type { SimState } from '../sim-state.ts';
import { attachCard, startSubscription } from './billing.ts';
import { CARD_NUMBER_INVALID, findTestCard } from './cards.ts';
import { createCustomer } from './customers.ts';
import type { CheckoutSession, Price } from './stripe-objects.ts';

/** What the buyer typed on the hosted checkout page. */
export type CheckoutForm = { cardNumber: string; email: string | undefined };

function sessionPrices(state: SimState, session: CheckoutSession): Array<{ price: Price; quantity: number }> {
  return session.line_items_input.map((line) => {
    const price = state.prices.get(line.price);
    if (!price) throw new StripeError(400, 'invalid_request_error', `No such price: '${line.price}'`);
    return { price, quantity: line.quantity };
  });
}

/** Whether the buyer pays now (no trial) and how much. */
export function checkoutDueNow(state: SimState, session: CheckoutSession): number {
  if ((session.subscription_data.trial_period_days ?? 0) > 0) return 0;
  return sessionPrices(state, session).reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
}

/**
 * Pays a Checkout Session with a test card. A card that would be declined changes nothing: no card is
 * saved and no subscription starts. Otherwise the card becomes the customer's default, the
 * subscription starts, and checkout.session.completed is raised last (as Stripe does, after the
 * subscription and its first invoice exist).
 */
export function completeCheckout(state: SimState, session: CheckoutSession, typed: CheckoutForm): CheckoutSession {
  if (session.status !== 'open') {
    throw new StripeError(400, 'invalid_request_error', 'This Checkout Session is no longer active.');
  }
  const found = findTestCard(typed.cardNumber);
  if (!found) throw new StripeError(402, 'card_error', CARD_NUMBER_INVALID, { code: 'invalid_number' });
  const declined = found.card.attachFails || (found.card.chargeFails && checkoutDueNow(state, session) > 0);
  if (declined) {
    throw new StripeError(402, 'card_error', found.card.message ?? 'Your card was declined.', {
      code: 'card_declined',
      declineCode: found.card.declineCode ?? 'generic_decline',
    });
  }
  const customer = session.customer
    ? state.customers.get(session.customer)
    : createCustomer(state, {
        email: typed.email ?? session.customer_email,
        name: null,
        metadata: {},
        testClock: null,
      });
  if (!customer) throw new StripeError(400, 'invalid_request_error', `No such customer: '${session.customer}'`);
  attachCard(state, customer, found.number);
  const subscription = startSubscription(state, {
    customer,
    items: sessionPrices(state, session),
    trialDays: session.subscription_data.trial_period_days,
    metadata: session.subscription_data.metadata,
  });
  session.customer = customer.id;
  session.subscription = subscription.id;
  session.invoice = subscription.latest_invoice;
  session.status = 'complete';
  session.payment_status = checkoutDueNow(state, session) > 0 ? 'paid' : 'no_payment_required';
  session.url = null;
  state.emit('checkout.session.completed', publicSession(session));
  return session;
}

/** A session as the API shows it (without what the simulator keeps for itself). */
export function publicSession(session: CheckoutSession) {
  const { line_items_input: _lines, subscription_data: _data, ...shown } = session;
  return shown;
}
