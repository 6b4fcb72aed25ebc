import { randomBytes } from 'node:crypto';
import type {
  CheckoutSession,
  Customer,
  Invoice,
  InvoiceLine,
  PaymentMethod,
  Price,
  Product,
  StripeEvent,
  Subscription,
  TestClock,
} from './objects/stripe-objects.ts';
import { API_VERSION } from './objects/stripe-objects.ts';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhooks/webhook-dispatcher.ts';

/** Everything one simulated Stripe account holds, and the events it raised. */
export type SimState = {
  products: Map<string, Product>;
  prices: Map<string, Price>;
  customers: Map<string, Customer>;
  paymentMethods: Map<string, PaymentMethod>;
  /** The card number behind each payment method (Stripe never shows it; the simulator decides charges by it). */
  cardNumbers: Map<string, string>;
  sessions: Map<string, CheckoutSession>;
  subscriptions: Map<string, Subscription>;
  invoices: Map<string, Invoice>;
  testClocks: Map<string, TestClock>;
  /** Proration lines of a subscription change, added to its next renewal invoice. */
  pendingProrations: Map<string, InvoiceLine[]>;
  events: StripeEvent[];
  dispatcher: WebhookDispatcher;
  /** The real time in milliseconds (webhook signatures, event creation). */
  nowMs(): number;
  /** Seconds on the customer's test clock, or the real time for a customer without one. */
  timeFor(customerId: string | null): number;
  newId(prefix: string): string;
  /** Records an event and sends it to the webhook endpoint. The object is copied as it is now. */
  emit(type: string, object: unknown, previous?: Record<string, unknown>): StripeEvent;
  baseUrl(): string;
  setBaseUrl(url: string): void;
};

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function createSimState(options: { nowMs: () => number; publicUrl: string | undefined }): SimState {
  let baseUrl = options.publicUrl ?? 'http://127.0.0.1';
  const dispatcher = createWebhookDispatcher(options.nowMs);
  const state: SimState = {
    products: new Map(),
    prices: new Map(),
    customers: new Map(),
    paymentMethods: new Map(),
    cardNumbers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    testClocks: new Map(),
    pendingProrations: new Map(),
    events: [],
    dispatcher,
    nowMs: options.nowMs,
    timeFor(customerId) {
      const clockId = customerId ? state.customers.get(customerId)?.test_clock : null;
      const clock = clockId ? state.testClocks.get(clockId) : undefined;
      return clock ? clock.frozen_time : Math.floor(options.nowMs() / 1000);
    },
    newId(prefix) {
      const bytes = randomBytes(24);
      let id = '';
      for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
      return `${prefix}_${id}`;
    },
    emit(type, object, previous) {
      const event: StripeEvent = {
        id: state.newId('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: Math.floor(options.nowMs() / 1000),
        data: {
          object: structuredClone(object),
          ...(previous ? { previous_attributes: structuredClone(previous) } : {}),
        },
        livemode: false,
        pending_webhooks: dispatcher.endpoint() ? 1 : 0,
        request: { id: null, idempotency_key: null },
        type,
      };
      state.events.push(event);
      dispatcher.dispatch(event);
      return event;
    },
    baseUrl: () => baseUrl,
    setBaseUrl(url) {
      baseUrl = options.publicUrl ?? url;
    },
  };
  return state;
}
