/**
 * The Stripe objects the simulator keeps, in Stripe's own shapes (API version 2026-10-28): what the
 * API answers and what events carry. Only the fields a billing integration reads are filled; the
 * rest of Stripe's fields are left out rather than invented.
 */
export type Metadata = Record<string, string>;
export type Interval = 'day' | 'week' | 'month' | 'year';

export type Product = {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  updated: number;
  default_price: string | null;
  description: string | null;
  livemode: false;
  metadata: Metadata;
  name: string;
};

export type Price = {
  id: string;
  object: 'price';
  active: boolean;
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: { interval: Interval; interval_count: number; usage_type: 'licensed' } | null;
  type: 'recurring' | 'one_time';
  unit_amount: number;
};

export type PaymentMethod = {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  customer: string | null;
  created: number;
  livemode: false;
  metadata: Metadata;
};

export type Customer = {
  id: string;
  object: 'customer';
  balance: number;
  created: number;
  currency: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  test_clock: string | null;
};

type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

export type SubscriptionItem = {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
};

export type Subscription = {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string | null;
  ended_at: number | null;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: string | null;
  trial_end: number | null;
  trial_start: number | null;
};

type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export type InvoiceLine = {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  period: { start: number; end: number };
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  quantity: number;
};

export type Invoice = {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  description: string | null;
  due_date: number | null;
  hosted_invoice_url: string;
  /** The simulator draws no PDFs. */
  invoice_pdf: null;
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false; total_count: number; url: string };
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string | null;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  } | null;
  period_end: number;
  period_start: number;
  status: InvoiceStatus;
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  subtotal: number;
  test_clock: string | null;
  total: number;
};

export type CheckoutSession = {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  metadata: Metadata;
  mode: 'subscription';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string | null;
  url: string | null;
  /** Not returned by Stripe: what the session was created with. */
  line_items_input: Array<{ price: string; quantity: number }>;
  subscription_data: { trial_period_days: number | null; metadata: Metadata };
};

export type TestClock = {
  id: string;
  object: 'test_helpers.test_clock';
  created: number;
  deletes_after: number;
  frozen_time: number;
  livemode: false;
  name: string | null;
  status: 'ready' | 'advancing' | 'internal_failure';
};

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export const API_VERSION = '2026-10-28.endive';

export function list<T>(data: T[], url: string) {
  return { object: 'list' as const, data, has_more: false as const, total_count: data.length, url };
}
