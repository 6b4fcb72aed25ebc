import Fastify, { type FastifyInstance } from 'fastify';
import { registerApiRoutes, sendStripeError } from './http/api.routes.ts';
import { parseStripeForm } from './http/form-encoding.ts';
import { StripeError } from './http/stripe-error.ts';
import { advanceTestClock } from './objects/billing.ts';
import { completeCheckout } from './objects/checkout.ts';
import type { StripeEvent } from './objects/stripe-objects.ts';
import { registerPageRoutes } from './pages/pages.routes.ts';
import { createSimState, type SimState } from './sim-state.ts';
import type { Delivery, WebhookEndpoint } from './webhooks/webhook-dispatcher.ts';

export const DEFAULT_SECRET_KEY = 'sk_test_automate_stripe_simulator';
export const DEFAULT_WEBHOOK_SECRET = 'whsec_automate_stripe_simulator';

export type StripeSimOptions = {
  /** The API key callers must send (default DEFAULT_SECRET_KEY). */
  secretKey?: string;
  /** Where events are sent, signed with `secret`; none: events are only recorded. */
  webhook?: WebhookEndpoint;
  /** The URL buyers' browsers reach the simulator at (hosted pages); default: where it listens. */
  publicUrl?: string;
  /** The real time in milliseconds (events, signatures); tests may move it. */
  nowMs?: () => number;
  logger?: boolean;
};

export type StripeSim = {
  /** Fastify instance; `app.inject` works without a port. */
  app: FastifyInstance;
  /** The simulator's objects, for tests that look inside. */
  state: SimState;
  listen(port?: number, host?: string): Promise<string>;
  /** The base URL; point the SDK at it (`host`, `port`, `protocol`) or use it as STRIPE_API_URL. */
  baseUrl(): string;
  secretKey: string;
  setWebhookEndpoint(endpoint: WebhookEndpoint | undefined): void;
  /** Every event raised, oldest first. */
  events(): StripeEvent[];
  deliveries(): Delivery[];
  /** Resolves once every event raised so far has been delivered. */
  webhooksSettled(): Promise<void>;
  /** What the hosted checkout page does when the buyer submits the card (without a browser). */
  payCheckout(sessionId: string, cardNumber: string): void;
  advanceTestClock(clockId: string, frozenTimeSeconds: number): void;
  close(): Promise<void>;
};

/** A local Stripe: the REST API a subscription business calls, hosted pages, test clocks and signed webhooks. */
export function buildStripeSim(options: StripeSimOptions = {}): StripeSim {
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const state = createSimState({ nowMs: options.nowMs ?? Date.now, publicUrl: options.publicUrl });
  state.dispatcher.setEndpoint(options.webhook);

  const app = Fastify({
    logger: options.logger ?? false,
    forceCloseConnections: true,
    routerOptions: { querystringParser: parseStripeForm },
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseStripeForm(String(body)));
  });
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof StripeError) return sendStripeError(reply, error);
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status < 500) {
      return sendStripeError(
        reply,
        new StripeError(status, 'invalid_request_error', error instanceof Error ? error.message : 'Bad request'),
      );
    }
    request.log.error(error);
    return sendStripeError(reply, new StripeError(500, 'api_error', 'An unknown error occurred.'));
  });
  app.setNotFoundHandler((request, reply) =>
    sendStripeError(
      reply,
      new StripeError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}).`,
      ),
    ),
  );
  registerApiRoutes(app, state, secretKey);
  registerPageRoutes(app, state);

  return {
    app,
    state,
    secretKey,
    listen: async (port = 0, host = '127.0.0.1') => {
      await app.listen({ port, host });
      const address = app.server.address();
      const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
      state.setBaseUrl(
        address && typeof address === 'object' ? `http://${shownHost}:${address.port}` : `http://${shownHost}`,
      );
      return state.baseUrl();
    },
    baseUrl: () => state.baseUrl(),
    setWebhookEndpoint: (endpoint) => state.dispatcher.setEndpoint(endpoint),
    events: () => [...state.events],
    deliveries: () => state.dispatcher.deliveries(),
    webhooksSettled: () => state.dispatcher.settled(),
    payCheckout(sessionId, cardNumber) {
      const session = state.sessions.get(sessionId);
      if (!session) throw new StripeError(404, 'invalid_request_error', `No such checkout.session: '${sessionId}'`);
      completeCheckout(state, session, { cardNumber, email: undefined });
    },
    advanceTestClock: (clockId, frozenTime) => advanceTestClock(state, clockId, frozenTime),
    close: async () => {
      state.dispatcher.close();
      await app.close();
    },
  };
}
