import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
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

    answerRoute(app, {
      method: 'POST',
      url: '/Webhook/stripe',
      access: access.public,
      bodyLimit: STRIPE_BODY_LIMIT,
      tags: ['Webhooks'],
      summary: 'Stripe webhook',
      description:
        'Signed by Stripe (`Stripe-Signature`, checked with STRIPE_WEBHOOK_SECRET on the raw body, 300 s tolerance: ' +
        'otherwise 400 and nothing changes). Each event id is handled once; a repeat answers `duplicate`. ' +
        'Checkout, subscription and invoice events make the server read the subscription from Stripe again ' +
        "and settle the vendor's plan and whether its automations run.",
      headers: z.object({ 'stripe-signature': z.string().optional() }),
      body: z.unknown(),
      data: z.object({ eventId: z.string(), outcome: z.enum(['applied', 'duplicate', 'not-ours', 'ignored']) }),
      answer: (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return receiveStripeEvent(deps, body, typeof signature === 'string' ? signature : undefined);
      },
    });
  };
}
