import { StripeError } from '../http/stripe-error.ts';
import type { SimState } from '../sim-state.ts';
import { CARD_NUMBER_INVALID, findTestCard } from './cards.ts';
import {
  type Customer,
  type Interval,
  type Invoice,
  type InvoiceLine,
  list,
  type Metadata,
  type PaymentMethod,
  type Price,
  type Subscription,
  type SubscriptionItem,
} from './stripe-objects.ts';

const DAY = 86_400;
/** After a failed renewal Stripe retries the charge; these are the days after the previous attempt. */
export const RETRY_AFTER_DAYS = [3, 5, 7] as const;
const LIVE_STATUSES = new Set(['trialing', 'active', 'past_due']);

/** Adds calendar months (day clamped to the month's end, as Stripe bills the 31st) or days/weeks/years. */
function addInterval(seconds: number, interval: Interval, count = 1): number {
  if (interval === 'day') return seconds + count * DAY;
  if (interval === 'week') return seconds + count * 7 * DAY;
  const date = new Date(seconds * 1000);
  const months = interval === 'year' ? 12 * count : count;
  const day = date.getUTCDate();
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** Saves a typed test card as the customer's default payment method, or refuses it as Stripe's test mode does. */
export function attachCard(state: SimState, customer: Customer, typedNumber: string): PaymentMethod {
  const found = findTestCard(typedNumber);
  if (!found) {
    throw new StripeError(402, 'card_error', CARD_NUMBER_INVALID, { code: 'invalid_number', param: 'number' });
  }
  if (found.card.attachFails) {
    throw new StripeError(402, 'card_error', found.card.message ?? 'Your card was declined.', {
      code: 'card_declined',
      declineCode: found.card.declineCode ?? 'generic_decline',
    });
  }
  const now = state.timeFor(customer.id);
  const method: PaymentMethod = {
    id: state.newId('pm'),
    object: 'payment_method',
    type: 'card',
    card: {
      brand: found.card.brand,
      last4: found.number.slice(-4),
      exp_month: 12,
      exp_year: new Date(now * 1000).getUTCFullYear() + 3,
    },
    customer: customer.id,
    created: now,
    livemode: false,
    metadata: {},
  };
  state.paymentMethods.set(method.id, method);
  state.cardNumbers.set(method.id, found.number);
  const previous = { invoice_settings: { ...customer.invoice_settings } };
  customer.invoice_settings.default_payment_method = method.id;
  state.emit('payment_method.attached', method);
  state.emit('customer.updated', customer, previous);
  return method;
}

/** Why a charge to the customer's default card would fail, or undefined when it would succeed. */
function chargeRefusal(state: SimState, customer: Customer): StripeError | undefined {
  const methodId = customer.invoice_settings.default_payment_method;
  const number = methodId ? state.cardNumbers.get(methodId) : undefined;
  const card = number ? findTestCard(number)?.card : undefined;
  if (!card) {
    return new StripeError(
      402,
      'invalid_request_error',
      'This customer has no attached payment source or default payment method.',
      {
        code: 'resource_missing',
      },
    );
  }
  if (!card.chargeFails) return undefined;
  return new StripeError(402, 'card_error', card.message ?? 'Your card was declined.', {
    code: 'card_declined',
    declineCode: card.declineCode ?? 'generic_decline',
  });
}

function requireCustomer(state: SimState, id: string): Customer {
  const customer = state.customers.get(id);
  if (!customer)
    throw new StripeError(404, 'invalid_request_error', `No such customer: '${id}'`, { code: 'resource_missing' });
  return customer;
}

function lineFor(
  state: SimState,
  price: Price,
  quantity: number,
  period: { start: number; end: number },
  amount: number,
  description: string,
): InvoiceLine {
  return {
    id: state.newId('il'),
    object: 'line_item',
    amount,
    currency: price.currency,
    description,
    period,
    pricing: {
      type: 'price_details',
      price_details: { price: price.id, product: price.product },
      unit_amount_decimal: String(price.unit_amount),
    },
    quantity,
  };
}

function productName(state: SimState, price: Price): string {
  return state.products.get(price.product)?.name ?? price.product;
}

/** Creates a finalized (open) invoice for the subscription, applying the customer's credit balance. */
function createSubscriptionInvoice(
  state: SimState,
  subscription: Subscription,
  lines: InvoiceLine[],
  reason: Invoice['billing_reason'],
  period: { start: number; end: number },
): Invoice {
  const customer = requireCustomer(state, subscription.customer);
  const now = state.timeFor(customer.id);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const afterBalance = total + customer.balance;
  const amountDue = Math.max(0, afterBalance);
  if (customer.balance !== 0 || total < 0) customer.balance = Math.min(0, afterBalance);
  const id = state.newId('in');
  const invoice: Invoice = {
    id,
    object: 'invoice',
    amount_due: amountDue,
    amount_paid: 0,
    amount_remaining: amountDue,
    attempt_count: 0,
    attempted: false,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: subscription.currency,
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    description: null,
    due_date: null,
    hosted_invoice_url: `${state.baseUrl()}/i/${id}`,
    invoice_pdf: null,
    lines: list(lines, `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, '0')}`,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    period_end: period.end,
    period_start: period.start,
    status: 'open',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    test_clock: customer.test_clock,
    total,
  };
  customer.next_invoice_sequence += 1;
  state.invoices.set(id, invoice);
  subscription.latest_invoice = id;
  state.emit('invoice.created', invoice);
  state.emit('invoice.finalized', invoice);
  return invoice;
}

/** Charges the invoice to the customer's default card; raises invoice.paid or invoice.payment_failed. */
function attemptPayment(state: SimState, invoice: Invoice): StripeError | undefined {
  const customer = requireCustomer(state, invoice.customer);
  const now = state.timeFor(customer.id);
  const refusal = invoice.amount_due > 0 ? chargeRefusal(state, customer) : undefined;
  invoice.attempted = true;
  if (invoice.amount_due > 0) invoice.attempt_count += 1;
  if (refusal) {
    const retry = RETRY_AFTER_DAYS[invoice.attempt_count - 1];
    invoice.next_payment_attempt = retry === undefined ? null : now + retry * DAY;
    state.emit('invoice.payment_failed', invoice);
    return refusal;
  }
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = now;
  state.emit('invoice.paid', invoice);
  state.emit('invoice.payment_succeeded', invoice);
  return undefined;
}

/**
 * Changes a subscription and raises customer.subscription.updated with the fields that changed
 * (`previous_attributes`), as Stripe does; nothing is raised when nothing changed.
 */
function changeSubscription(state: SimState, subscription: Subscription, change: (s: Subscription) => void): void {
  const before = structuredClone(subscription);
  change(subscription);
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(subscription) as Array<keyof Subscription>) {
    if (JSON.stringify(before[key]) !== JSON.stringify(subscription[key])) previous[key] = before[key];
  }
  if (Object.keys(previous).length > 0) state.emit('customer.subscription.updated', subscription, previous);
}

/** True when the subscription has no unpaid invoice left. */
function allInvoicesPaid(state: SimState, subscriptionId: string): boolean {
  for (const invoice of state.invoices.values()) {
    if (invoice.parent?.subscription_details.subscription === subscriptionId && invoice.status === 'open') return false;
  }
  return true;
}

export type SubscriptionStart = {
  customer: Customer;
  items: Array<{ price: Price; quantity: number }>;
  trialDays: number | null;
  metadata: Metadata;
};

/**
 * Starts a subscription as Checkout does once the card is accepted: in trial (a zero invoice), or
 * charged for the first period at once. When that charge would fail, nothing is created and the
 * card error is thrown (Checkout shows it and the buyer may try another card).
 */
export function startSubscription(state: SimState, start: SubscriptionStart): Subscription {
  const { customer } = start;
  const first = start.items[0];
  if (!first?.price.recurring)
    throw new StripeError(400, 'invalid_request_error', 'A subscription needs a recurring price.', { param: 'items' });
  const now = state.timeFor(customer.id);
  const trialEnd = start.trialDays && start.trialDays > 0 ? now + start.trialDays * DAY : null;
  const amount = start.items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
  if (trialEnd === null && amount + customer.balance > 0) {
    const refusal = chargeRefusal(state, customer);
    if (refusal) throw refusal;
  }
  const periodEnd = trialEnd ?? addInterval(now, first.price.recurring.interval, first.price.recurring.interval_count);
  const id = state.newId('sub');
  const items: SubscriptionItem[] = start.items.map((item) => ({
    id: state.newId('si'),
    object: 'subscription_item',
    created: now,
    current_period_end: periodEnd,
    current_period_start: now,
    metadata: {},
    price: item.price,
    quantity: item.quantity,
    subscription: id,
  }));
  const subscription: Subscription = {
    id,
    object: 'subscription',
    billing_cycle_anchor: periodEnd,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    collection_method: 'charge_automatically',
    created: now,
    currency: first.price.currency,
    customer: customer.id,
    default_payment_method: null,
    ended_at: null,
    items: list(items, `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    metadata: { ...start.metadata },
    start_date: now,
    status: trialEnd === null ? 'active' : 'trialing',
    test_clock: customer.test_clock,
    trial_end: trialEnd,
    trial_start: trialEnd === null ? null : now,
  };
  state.subscriptions.set(id, subscription);
  state.emit('customer.subscription.created', subscription);
  const lines = items.map((item) =>
    lineFor(
      state,
      item.price,
      item.quantity,
      { start: now, end: periodEnd },
      trialEnd === null ? item.price.unit_amount * item.quantity : 0,
      trialEnd === null
        ? `${item.quantity} × ${productName(state, item.price)}`
        : `Trial period for ${productName(state, item.price)}`,
    ),
  );
  const invoice = createSubscriptionInvoice(state, subscription, lines, 'subscription_create', {
    start: now,
    end: now,
  });
  attemptPayment(state, invoice);
  return subscription;
}

export type SubscriptionUpdate = {
  cancelAtPeriodEnd?: boolean;
  items?: Array<{ id?: string; price?: Price; quantity?: number }>;
  prorationBehavior?: 'create_prorations' | 'always_invoice' | 'none';
  metadata?: Metadata;
};

/**
 * `POST /v1/subscriptions/:id`: cancel at period end (or undo it), metadata, or a new price. A new
 * price prorates the rest of the period (credit for the unused old price, charge for the new one);
 * a change of interval starts a new billing period now and charges it at once.
 */
export function updateSubscription(state: SimState, subscription: Subscription, update: SubscriptionUpdate): void {
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    throw new StripeError(
      400,
      'invalid_request_error',
      'A canceled subscription can only update its cancellation_details and metadata.',
    );
  }
  const customer = requireCustomer(state, subscription.customer);
  const now = state.timeFor(customer.id);
  let invoiceLines: InvoiceLine[] = [];
  let newPeriod: { start: number; end: number } | undefined;
  changeSubscription(state, subscription, (sub) => {
    if (update.cancelAtPeriodEnd !== undefined) {
      sub.cancel_at_period_end = update.cancelAtPeriodEnd;
      const item = sub.items.data[0];
      sub.cancel_at = update.cancelAtPeriodEnd && item ? item.current_period_end : null;
      sub.canceled_at = update.cancelAtPeriodEnd ? now : null;
    }
    if (update.metadata) sub.metadata = { ...sub.metadata, ...update.metadata };
    for (const change of update.items ?? []) {
      const item = change.id ? sub.items.data.find((candidate) => candidate.id === change.id) : sub.items.data[0];
      if (!item)
        throw new StripeError(400, 'invalid_request_error', `No such subscription item: '${change.id}'`, {
          param: 'items',
        });
      const oldPrice = item.price;
      const newPrice = change.price ?? oldPrice;
      const quantity = change.quantity ?? item.quantity;
      if (newPrice.id === oldPrice.id && quantity === item.quantity) continue;
      const oldInterval = oldPrice.recurring;
      const newInterval = newPrice.recurring;
      if (!newInterval || !oldInterval)
        throw new StripeError(400, 'invalid_request_error', 'A subscription needs a recurring price.', {
          param: 'items',
        });
      const period = { start: item.current_period_start, end: item.current_period_end };
      const share = Math.max(0, period.end - now) / Math.max(1, period.end - period.start);
      const credit = -Math.round(oldPrice.unit_amount * item.quantity * share);
      const name = (price: Price) => productName(state, price);
      if (sub.status !== 'trialing') {
        const intervalChanged =
          newInterval.interval !== oldInterval.interval || newInterval.interval_count !== oldInterval.interval_count;
        const unused = lineFor(
          state,
          oldPrice,
          item.quantity,
          { start: now, end: period.end },
          credit,
          `Unused time on ${name(oldPrice)}`,
        );
        if (intervalChanged) {
          newPeriod = { start: now, end: addInterval(now, newInterval.interval, newInterval.interval_count) };
          const full = newPrice.unit_amount * quantity;
          invoiceLines.push(
            unused,
            lineFor(state, newPrice, quantity, newPeriod, full, `${quantity} × ${name(newPrice)}`),
          );
        } else if (update.prorationBehavior !== 'none') {
          const remaining = Math.round(newPrice.unit_amount * quantity * share);
          const rest = { start: now, end: period.end };
          invoiceLines.push(
            unused,
            lineFor(state, newPrice, quantity, rest, remaining, `Remaining time on ${name(newPrice)}`),
          );
        }
      }
      item.price = newPrice;
      item.quantity = quantity;
      if (newPeriod) {
        item.current_period_start = newPeriod.start;
        item.current_period_end = newPeriod.end;
        sub.billing_cycle_anchor = newPeriod.start;
        if (sub.cancel_at_period_end) sub.cancel_at = newPeriod.end;
      }
    }
  });
  if (invoiceLines.length === 0) return;
  if (!newPeriod && update.prorationBehavior !== 'always_invoice') {
    state.pendingProrations.set(subscription.id, [
      ...(state.pendingProrations.get(subscription.id) ?? []),
      ...invoiceLines,
    ]);
    invoiceLines = [];
    return;
  }
  const invoice = createSubscriptionInvoice(
    state,
    subscription,
    invoiceLines,
    'subscription_update',
    newPeriod ?? { start: now, end: now },
  );
  const refusal = attemptPayment(state, invoice);
  if (refusal)
    changeSubscription(state, subscription, (sub) => {
      sub.status = 'past_due';
    });
}

/** `DELETE /v1/subscriptions/:id`: ends the subscription now. */
export function cancelSubscriptionNow(state: SimState, subscription: Subscription): void {
  if (subscription.status === 'canceled') return;
  const now = state.timeFor(subscription.customer);
  subscription.status = 'canceled';
  subscription.canceled_at ??= now;
  subscription.ended_at = now;
  subscription.cancel_at_period_end = false;
  state.emit('customer.subscription.deleted', subscription);
}

/** Pays an open invoice with the customer's default card; a paid-up past-due subscription becomes active. */
export function payInvoice(state: SimState, invoice: Invoice): StripeError | undefined {
  if (invoice.status === 'paid') {
    return new StripeError(400, 'invalid_request_error', 'Invoice is already paid', { code: 'invoice_already_paid' });
  }
  if (invoice.status !== 'open') {
    return new StripeError(
      400,
      'invalid_request_error',
      `You can only pay an open invoice; this one is ${invoice.status}.`,
    );
  }
  const refusal = attemptPayment(state, invoice);
  if (refusal) return refusal;
  const subscriptionId = invoice.parent?.subscription_details.subscription;
  const subscription = subscriptionId ? state.subscriptions.get(subscriptionId) : undefined;
  if (
    subscription &&
    (subscription.status === 'past_due' || subscription.status === 'unpaid') &&
    allInvoicesPaid(state, subscription.id)
  ) {
    changeSubscription(state, subscription, (sub) => {
      sub.status = 'active';
    });
  }
  return undefined;
}

/** The next moment something happens to the subscription (a renewal, a retry, its end), if any. */
function nextMoment(state: SimState, subscription: Subscription): number | undefined {
  if (!LIVE_STATUSES.has(subscription.status)) return undefined;
  const times: number[] = [];
  const item = subscription.items.data[0];
  if (item) times.push(item.current_period_end);
  for (const invoice of state.invoices.values()) {
    if (
      invoice.parent?.subscription_details.subscription === subscription.id &&
      invoice.status === 'open' &&
      invoice.next_payment_attempt !== null
    ) {
      times.push(invoice.next_payment_attempt);
    }
  }
  return times.length > 0 ? Math.min(...times) : undefined;
}

function renew(state: SimState, subscription: Subscription): void {
  const item = subscription.items.data[0];
  if (!item?.price.recurring) return;
  if (subscription.cancel_at_period_end) {
    cancelSubscriptionNow(state, subscription);
    return;
  }
  const start = item.current_period_end;
  const end = addInterval(start, item.price.recurring.interval, item.price.recurring.interval_count);
  const lines = [
    ...(state.pendingProrations.get(subscription.id) ?? []),
    ...subscription.items.data.map((each) =>
      lineFor(
        state,
        each.price,
        each.quantity,
        { start, end },
        each.price.unit_amount * each.quantity,
        `${each.quantity} × ${productName(state, each.price)}`,
      ),
    ),
  ];
  state.pendingProrations.delete(subscription.id);
  const wasTrialing = subscription.status === 'trialing';
  changeSubscription(state, subscription, (sub) => {
    for (const each of sub.items.data) {
      each.current_period_start = start;
      each.current_period_end = end;
    }
    if (wasTrialing) sub.status = 'active';
  });
  const invoice = createSubscriptionInvoice(state, subscription, lines, 'subscription_cycle', { start, end });
  const refusal = attemptPayment(state, invoice);
  if (refusal) {
    changeSubscription(state, subscription, (sub) => {
      sub.status = 'past_due';
    });
  }
}

function retryInvoices(state: SimState, subscription: Subscription, at: number): void {
  for (const invoice of state.invoices.values()) {
    if (invoice.parent?.subscription_details.subscription !== subscription.id || invoice.status !== 'open') continue;
    if (invoice.next_payment_attempt === null || invoice.next_payment_attempt > at) continue;
    const refusal = payInvoice(state, invoice);
    // Stripe's default when every retry has failed: cancel the subscription.
    if (refusal && invoice.next_payment_attempt === null) cancelSubscriptionNow(state, subscription);
  }
}

/** Moves a test clock forward, running every renewal, retry and cancellation that falls due on the way. */
export function advanceTestClock(state: SimState, clockId: string, to: number): void {
  const clock = state.testClocks.get(clockId);
  if (!clock)
    throw new StripeError(404, 'invalid_request_error', `No such test clock: '${clockId}'`, {
      code: 'resource_missing',
    });
  if (to <= clock.frozen_time) {
    throw new StripeError(
      400,
      'invalid_request_error',
      'The frozen_time must be after the current frozen_time of the test clock.',
      {
        param: 'frozen_time',
      },
    );
  }
  const subscriptions = [...state.subscriptions.values()].filter((sub) => sub.test_clock === clockId);
  for (;;) {
    let earliest: { at: number; subscription: Subscription } | undefined;
    for (const subscription of subscriptions) {
      const at = nextMoment(state, subscription);
      if (at !== undefined && at <= to && (!earliest || at < earliest.at)) earliest = { at, subscription };
    }
    if (!earliest) break;
    clock.frozen_time = earliest.at;
    const item = earliest.subscription.items.data[0];
    if (item && item.current_period_end === earliest.at) renew(state, earliest.subscription);
    else retryInvoices(state, earliest.subscription, earliest.at);
  }
  clock.frozen_time = to;
  clock.status = 'ready';
  state.emit('test_helpers.test_clock.ready', clock);
}
