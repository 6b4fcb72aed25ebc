import { successEnvelope, WebhookAccepted } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireVendorScope } from '../../http/access.ts';
import { acceptDelivery, assertCallbackSecret, MAX_DELIVERY_ENTRIES } from './webhook-intake.service.ts';

const tags = ['Webhooks'];
/** ServiceM8's deliveries are a few hundred bytes; anything near this is not from ServiceM8. */
const CALLBACK_BODY_LIMIT = 64 * 1024;
const Accepted = successEnvelope(WebhookAccepted);

/** Deliveries from ServiceM8. They must be answered within 10 s, so they are only stored and queued here. */
export function webhookRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    // ServiceM8's subscription challenge is form-encoded; deliveries are JSON.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.post(
      '/Webhook/sm8cb',
      {
        config: { access: access.public },
        bodyLimit: CALLBACK_BODY_LIMIT,
        schema: {
          tags,
          summary: 'ServiceM8 webhook callback',
          description:
            'Answers the subscription challenge (form-encoded `mode=subscribe&challenge=…`: the body is the challenge) ' +
            'and stores deliveries. The URL carries the vendor and its secret; without them the answer is 401 and ' +
            'nothing is stored. A repeated delivery answers `duplicate: true`. A body over 64 KB or a delivery ' +
            `naming more than ${MAX_DELIVERY_ENTRIES} records is refused with 413.`,
          querystring: z.object({ vendor: z.string().optional(), secret: z.string().optional() }),
          body: z.unknown(),
        },
      },
      async (request, reply) => {
        const vendorId = await assertCallbackSecret(deps, request.query.vendor, request.query.secret);
        const body = request.body as Record<string, unknown> | undefined;
        if (body && body.mode === 'subscribe' && typeof body.challenge === 'string') {
          return reply.type('text/plain; charset=utf-8').send(body.challenge);
        }
        return reply.send({ success: true, data: await acceptDelivery(deps, vendorId, body) });
      },
    );

    app.post(
      '/Webhook/whtest',
      {
        config: { access: access.currentVendorAdmin },
        schema: {
          tags,
          summary: 'Send a test delivery for the current vendor',
          description: 'Goes through the same intake as a delivery from ServiceM8 (inbox, de-duplication, processing).',
          body: z.record(z.string(), z.unknown()),
          response: { 200: Accepted },
        },
      },
      async (request) => ({
        success: true as const,
        data: await acceptDelivery(deps, requireVendorScope(request).id, request.body),
        message: 'The test delivery was accepted.',
      }),
    );
  };
}
