import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { receiveStripeEvent } from './stripe-webhook.service.ts';

/** Stripe's events are a few kilobytes; a generous ceiling still refuses anything absurd. */
const STRIPE_BODY_LIMIT = 512 * 1024;

/**
 * Stripe's webhook, in a scope of its own: the signature covers the exact bytes sent, so here the
 * body is kept raw (any Content-Type) for the SDK to check before it is read.
 */
export function stripeWebhookRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/Webhook/stripe',
      {
        config: { access: access.public },
        bodyLimit: STRIPE_BODY_LIMIT,
        schema: {
          tags: ['Webhooks'],
          summary: 'Stripe webhook',
          description:
            'Signed by Stripe (`Stripe-Signature`, checked with STRIPE_WEBHOOK_SECRET on the raw body, 300 s tolerance: ' +
            'otherwise 400 and nothing changes). Each event id is handled once; a repeat answers `duplicate`. ' +
            'Checkout, subscription and invoice events make the server read the subscription from Stripe again ' +
            "and settle the vendor's plan and whether its automations run.",
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          body: z.unknown(),
          response: {
            200: z.object({
              success: z.literal(true),
              data: z.object({ eventId: z.string(), outcome: z.enum(['applied', 'duplicate', 'not-ours', 'ignored']) }),
            }),
          },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const data = await receiveStripeEvent(deps, body, request.headers['stripe-signature']);
        return { success: true as const, data };
      },
    );
  };
}
