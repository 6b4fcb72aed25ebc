import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  advanceTestClock,
  cancelSubscriptionNow,
  payInvoice,
  type SubscriptionUpdate,
  updateSubscription,
} from '../objects/billing.ts';
import { publicSession } from '../objects/checkout.ts';
import { createCustomer } from '../objects/customers.ts';
import type { CheckoutSession, Interval, Price, Product, TestClock } from '../objects/stripe-objects.ts';
import type { SimState } from '../sim-state.ts';
import type { FormObject } from './form-encoding.ts';
import {
  mergeMetadata,
  optionalArray,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  paginate,
  requiredString,
} from './params.ts';
import { invalidParam, missingParam, noSuchObject, StripeError } from './stripe-error.ts';

type Params = { id: string };
const INTERVALS = new Set<Interval>(['day', 'week', 'month', 'year']);

function form(request: FastifyRequest): FormObject {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) ? (body as FormObject) : {};
}

function query(request: FastifyRequest): FormObject {
  return (request.query ?? {}) as FormObject;
}

function found<T>(map: Map<string, T>, id: string, kind: string): T {
  const value = map.get(id);
  if (!value) throw noSuchObject(kind, id);
  return value;
}

/** `expand[]=field`: top-level references the routes know how to replace with the object. */
function expand<T extends object>(state: SimState, object: T, request: FastifyRequest): T {
  const fields = optionalArray(query(request), 'expand') ?? optionalArray(form(request), 'expand') ?? [];
  if (fields.length === 0) return object;
  const copy = { ...object } as Record<string, unknown>;
  for (const field of fields) {
    const id = typeof field === 'string' ? copy[field] : undefined;
    if (typeof id !== 'string') continue;
    const target =
      state.invoices.get(id) ??
      state.customers.get(id) ??
      state.subscriptions.get(id) ??
      state.products.get(id) ??
      state.prices.get(id);
    if (target) copy[field as string] = target;
  }
  return copy as T;
}

/** The REST API under /v1: the calls a subscription business makes, answered as Stripe answers them. */
export function registerApiRoutes(app: FastifyInstance, state: SimState, secretKey: string): void {
  app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        const header = request.headers.authorization ?? '';
        const bearer = header.startsWith('Bearer ') ? header.slice(7) : undefined;
        const basic = header.startsWith('Basic ')
          ? Buffer.from(header.slice(6), 'base64').toString().split(':')[0]
          : undefined;
        const key = bearer ?? basic;
        if (key !== secretKey) {
          throw new StripeError(
            401,
            'authentication_error',
            key
              ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
              : 'You did not provide an API key.',
          );
        }
      });
      registerIdempotency(api);
      registerProductRoutes(api, state);
      registerCustomerRoutes(api, state);
      registerCheckoutRoutes(api, state);
      registerSubscriptionRoutes(api, state);
      registerInvoiceAndEventRoutes(api, state);
      registerTestClockRoutes(api, state);
    },
    { prefix: '/v1' },
  );
}

/** A POST repeated with the same `Idempotency-Key` gets the first answer again instead of acting twice. */
function registerIdempotency(api: FastifyInstance): void {
  const answers = new Map<string, { status: number; body: string }>();
  api.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || typeof key !== 'string') return;
    const earlier = answers.get(key);
    if (earlier) {
      reply.header('idempotent-replayed', 'true');
      await reply.code(earlier.status).type('application/json').send(earlier.body);
    }
  });
  api.addHook('onSend', async (request, reply, payload) => {
    const key = request.headers['idempotency-key'];
    if (request.method === 'POST' && typeof key === 'string' && !answers.has(key) && typeof payload === 'string') {
      answers.set(key, { status: reply.statusCode, body: payload });
    }
    return payload;
  });
}

function registerProductRoutes(api: FastifyInstance, state: SimState): void {
  const applyProduct = (product: Product, params: FormObject) => {
    const name = optionalString(params, 'name');
    if (name !== undefined) {
      if (name === '') throw invalidParam('name', 'You must supply a non-empty name.');
      product.name = name;
    }
    const description = optionalString(params, 'description');
    if (description !== undefined) product.description = description === '' ? null : description;
    product.active = optionalBoolean(params, 'active') ?? product.active;
    product.metadata = mergeMetadata(product.metadata, params);
    const defaultPrice = optionalString(params, 'default_price');
    if (defaultPrice !== undefined) {
      if (state.prices.get(defaultPrice)?.product !== product.id)
        throw noSuchObject('price', defaultPrice, 'default_price');
      product.default_price = defaultPrice;
    }
    product.updated = Math.floor(state.nowMs() / 1000);
  };
  api.post('/products', async (request) => {
    const params = form(request);
    const now = Math.floor(state.nowMs() / 1000);
    const product: Product = {
      id: optionalString(params, 'id') ?? state.newId('prod'),
      object: 'product',
      active: true,
      created: now,
      updated: now,
      default_price: null,
      description: null,
      livemode: false,
      metadata: {},
      name: requiredString(params, 'name'),
    };
    if (state.products.has(product.id)) throw invalidParam('id', `Product already exists.`);
    applyProduct(product, params);
    state.products.set(product.id, product);
    state.emit('product.created', product);
    return product;
  });
  api.get<{ Params: Params }>('/products/:id', async (request) => found(state.products, request.params.id, 'product'));
  api.post<{ Params: Params }>('/products/:id', async (request) => {
    const product = found(state.products, request.params.id, 'product');
    const previous = structuredClone(product);
    applyProduct(product, form(request));
    state.emit('product.updated', product, previous);
    return product;
  });
  api.get('/products', async (request) => paginate([...state.products.values()], query(request), '/v1/products'));

  api.post('/prices', async (request) => {
    const params = form(request);
    const productId = requiredString(params, 'product');
    found(state.products, productId, 'product');
    const unitAmount = optionalInteger(params, 'unit_amount');
    if (unitAmount === undefined) throw missingParam('unit_amount');
    if (unitAmount < 0) throw invalidParam('unit_amount', 'This value must be greater than or equal to 0.');
    const recurring = optionalObject(params, 'recurring');
    let recurringValue: Price['recurring'] = null;
    if (recurring) {
      const interval = optionalString(recurring, 'interval') as Interval | undefined;
      if (!interval || !INTERVALS.has(interval))
        throw invalidParam(
          'recurring[interval]',
          'Invalid recurring[interval]: must be one of day, month, week, or year',
        );
      recurringValue = {
        interval,
        interval_count: optionalInteger(recurring, 'interval_count') ?? 1,
        usage_type: 'licensed',
      };
    }
    const price: Price = {
      id: state.newId('price'),
      object: 'price',
      active: optionalBoolean(params, 'active') ?? true,
      created: Math.floor(state.nowMs() / 1000),
      currency: requiredString(params, 'currency').toLowerCase(),
      livemode: false,
      lookup_key: optionalString(params, 'lookup_key') ?? null,
      metadata: mergeMetadata({}, params),
      nickname: optionalString(params, 'nickname') ?? null,
      product: productId,
      recurring: recurringValue,
      type: recurringValue ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
    };
    state.prices.set(price.id, price);
    state.emit('price.created', price);
    return price;
  });
  api.get<{ Params: Params }>('/prices/:id', async (request) => found(state.prices, request.params.id, 'price'));
  api.post<{ Params: Params }>('/prices/:id', async (request) => {
    const price = found(state.prices, request.params.id, 'price');
    const params = form(request);
    const previous = structuredClone(price);
    price.active = optionalBoolean(params, 'active') ?? price.active;
    price.nickname = optionalString(params, 'nickname') ?? price.nickname;
    price.metadata = mergeMetadata(price.metadata, params);
    state.emit('price.updated', price, previous);
    return price;
  });
  api.get('/prices', async (request) => {
    const product = optionalString(query(request), 'product');
    return paginate(
      [...state.prices.values()].filter((price) => !product || price.product === product),
      query(request),
      '/v1/prices',
    );
  });
}

function registerCustomerRoutes(api: FastifyInstance, state: SimState): void {
  api.post('/customers', async (request) => {
    const params = form(request);
    const testClock = optionalString(params, 'test_clock');
    if (testClock) found(state.testClocks, testClock, 'test_clock');
    const customer = createCustomer(state, {
      email: optionalString(params, 'email') ?? null,
      name: optionalString(params, 'name') ?? null,
      metadata: mergeMetadata({}, params),
      testClock: testClock ?? null,
    });
    return customer;
  });
  api.get<{ Params: Params }>('/customers/:id', async (request) =>
    found(state.customers, request.params.id, 'customer'),
  );
  api.post<{ Params: Params }>('/customers/:id', async (request) => {
    const customer = found(state.customers, request.params.id, 'customer');
    const params = form(request);
    const previous = structuredClone(customer);
    customer.email = optionalString(params, 'email') ?? customer.email;
    customer.name = optionalString(params, 'name') ?? customer.name;
    customer.metadata = mergeMetadata(customer.metadata, params);
    state.emit('customer.updated', customer, previous);
    return customer;
  });
}

function registerCheckoutRoutes(api: FastifyInstance, state: SimState): void {
  api.post('/checkout/sessions', async (request) => {
    const params = form(request);
    const mode = requiredString(params, 'mode');
    if (mode !== 'subscription')
      throw invalidParam('mode', 'The simulator supports Checkout in subscription mode only.');
    const customerId = optionalString(params, 'customer');
    if (customerId) found(state.customers, customerId, 'customer');
    const lineItems = (optionalArray(params, 'line_items') ?? []).map((line, index) => {
      if (typeof line !== 'object' || Array.isArray(line))
        throw invalidParam(`line_items[${index}]`, 'Invalid line item.');
      const priceId = requiredString(line, 'price');
      const price = found(state.prices, priceId, 'price');
      if (!price.active)
        throw invalidParam(
          `line_items[${index}][price]`,
          `The price specified is inactive. This field only accepts active prices.`,
        );
      if (!price.recurring)
        throw invalidParam(
          `line_items[${index}][price]`,
          'You must provide at least one recurring price in `subscription` mode when using prices.',
        );
      return { price: priceId, quantity: optionalInteger(line, 'quantity') ?? 1 };
    });
    if (lineItems.length === 0) throw missingParam('line_items');
    const successUrl = optionalString(params, 'success_url') ?? null;
    const subscriptionData = optionalObject(params, 'subscription_data') ?? {};
    const now = Math.floor(state.nowMs() / 1000);
    const prices = lineItems.map((line) => state.prices.get(line.price) as Price);
    const total = lineItems.reduce((sum, line, index) => sum + (prices[index]?.unit_amount ?? 0) * line.quantity, 0);
    const id = state.newId('cs_test');
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: optionalString(params, 'cancel_url') ?? null,
      client_reference_id: optionalString(params, 'client_reference_id') ?? null,
      created: now,
      currency: prices[0]?.currency ?? 'usd',
      customer: customerId ?? null,
      customer_email: optionalString(params, 'customer_email') ?? null,
      expires_at: now + 24 * 3600,
      invoice: null,
      livemode: false,
      metadata: mergeMetadata({}, params),
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl,
      url: `${state.baseUrl()}/c/pay/${id}`,
      line_items_input: lineItems,
      subscription_data: {
        trial_period_days: optionalInteger(subscriptionData, 'trial_period_days') ?? null,
        metadata: mergeMetadata({}, subscriptionData),
      },
    };
    state.sessions.set(id, session);
    return publicSession(session);
  });
  api.get<{ Params: Params }>('/checkout/sessions/:id', async (request) =>
    expand(state, publicSession(found(state.sessions, request.params.id, 'checkout.session')), request),
  );
  api.post<{ Params: Params }>('/checkout/sessions/:id/expire', async (request) => {
    const session = found(state.sessions, request.params.id, 'checkout.session');
    if (session.status !== 'open')
      throw invalidParam('session', `Only open Checkout Sessions can be expired; this one is ${session.status}.`);
    session.status = 'expired';
    session.url = null;
    state.emit('checkout.session.expired', publicSession(session));
    return publicSession(session);
  });
}

function registerSubscriptionRoutes(api: FastifyInstance, state: SimState): void {
  api.get<{ Params: Params }>('/subscriptions/:id', async (request) =>
    expand(state, found(state.subscriptions, request.params.id, 'subscription'), request),
  );
  api.get('/subscriptions', async (request) => {
    const params = query(request);
    const customer = optionalString(params, 'customer');
    const status = optionalString(params, 'status');
    const matching = [...state.subscriptions.values()].filter(
      (sub) =>
        (!customer || sub.customer === customer) &&
        (status === 'all' ||
          (status ? sub.status === status : sub.status !== 'canceled' && sub.status !== 'incomplete_expired')),
    );
    return paginate(matching, params, '/v1/subscriptions');
  });
  api.post<{ Params: Params }>('/subscriptions/:id', async (request) => {
    const subscription = found(state.subscriptions, request.params.id, 'subscription');
    const params = form(request);
    const proration = optionalString(params, 'proration_behavior');
    if (
      proration !== undefined &&
      proration !== 'create_prorations' &&
      proration !== 'always_invoice' &&
      proration !== 'none'
    ) {
      throw invalidParam(
        'proration_behavior',
        'Invalid proration_behavior: must be one of create_prorations, none, or always_invoice',
      );
    }
    const update: SubscriptionUpdate = {
      cancelAtPeriodEnd: optionalBoolean(params, 'cancel_at_period_end'),
      prorationBehavior: proration,
      items: optionalArray(params, 'items')?.map((item, index) => {
        if (typeof item !== 'object' || Array.isArray(item)) throw invalidParam(`items[${index}]`, 'Invalid item.');
        const priceId = optionalString(item, 'price');
        return {
          id: optionalString(item, 'id'),
          price: priceId ? found(state.prices, priceId, 'price') : undefined,
          quantity: optionalInteger(item, 'quantity'),
        };
      }),
    };
    if (optionalObject(params, 'metadata')) update.metadata = mergeMetadata({}, params);
    updateSubscription(state, subscription, update);
    return expand(state, subscription, request);
  });
  api.delete<{ Params: Params }>('/subscriptions/:id', async (request) => {
    const subscription = found(state.subscriptions, request.params.id, 'subscription');
    if (subscription.status === 'canceled') throw invalidParam('id', `No such subscription: '${subscription.id}'`);
    cancelSubscriptionNow(state, subscription);
    return subscription;
  });
}

function registerInvoiceAndEventRoutes(api: FastifyInstance, state: SimState): void {
  api.get<{ Params: Params }>('/invoices/:id', async (request) =>
    expand(state, found(state.invoices, request.params.id, 'invoice'), request),
  );
  api.get('/invoices', async (request) => {
    const params = query(request);
    const customer = optionalString(params, 'customer');
    const subscription = optionalString(params, 'subscription');
    const status = optionalString(params, 'status');
    const matching = [...state.invoices.values()].filter(
      (invoice) =>
        (!customer || invoice.customer === customer) &&
        (!subscription || invoice.parent?.subscription_details.subscription === subscription) &&
        (!status || invoice.status === status),
    );
    return paginate(matching, params, '/v1/invoices');
  });
  api.post<{ Params: Params }>('/invoices/:id/pay', async (request) => {
    const invoice = found(state.invoices, request.params.id, 'invoice');
    const refusal = payInvoice(state, invoice);
    if (refusal) throw refusal;
    return invoice;
  });
  api.get<{ Params: Params }>('/events/:id', async (request) => {
    const event = state.events.find((candidate) => candidate.id === request.params.id);
    if (!event) throw noSuchObject('event', request.params.id);
    return event;
  });
  api.get('/events', async (request) => {
    const type = optionalString(query(request), 'type');
    return paginate(
      state.events.filter((event) => !type || event.type === type),
      query(request),
      '/v1/events',
    );
  });
}

function registerTestClockRoutes(api: FastifyInstance, state: SimState): void {
  api.post('/test_helpers/test_clocks', async (request) => {
    const params = form(request);
    const frozenTime = optionalInteger(params, 'frozen_time');
    if (frozenTime === undefined) throw missingParam('frozen_time');
    const now = Math.floor(state.nowMs() / 1000);
    const clock: TestClock = {
      id: state.newId('clock'),
      object: 'test_helpers.test_clock',
      created: now,
      deletes_after: now + 30 * 86_400,
      frozen_time: frozenTime,
      livemode: false,
      name: optionalString(params, 'name') ?? null,
      status: 'ready',
    };
    state.testClocks.set(clock.id, clock);
    state.emit('test_helpers.test_clock.created', clock);
    return clock;
  });
  api.get<{ Params: Params }>('/test_helpers/test_clocks/:id', async (request) =>
    found(state.testClocks, request.params.id, 'test_clock'),
  );
  api.post<{ Params: Params }>('/test_helpers/test_clocks/:id/advance', async (request) => {
    const frozenTime = optionalInteger(form(request), 'frozen_time');
    if (frozenTime === undefined) throw missingParam('frozen_time');
    advanceTestClock(state, request.params.id, frozenTime);
    return found(state.testClocks, request.params.id, 'test_clock');
  });
}

export function sendStripeError(reply: FastifyReply, error: StripeError) {
  return reply.code(error.statusCode).send(error.toBody());
}
