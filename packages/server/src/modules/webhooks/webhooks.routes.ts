import { WebhookAccepted } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { vendorRoute } from '../../http/vendor-route.ts';
import { webhookCallbackRoute } from './webhook-callback.routes.ts';
import { acceptDelivery, MAX_DELIVERY_BYTES } from './webhook-intake.service.ts';

const tags = ['Webhooks'];

/** Deliveries from ServiceM8. They must be answered within 10 s, so they are only stored and queued here. */
export function webhookRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    // A test delivery may be sent form-encoded. The callback reads bodies in a scope of its own.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    await app.register(webhookCallbackRoute(deps));

    vendorRoute(app, {
      method: 'POST',
      url: '/Webhook/whtest',
      access: access.currentVendorAdmin,
      tags,
      summary: 'Send a test delivery for the current vendor',
      description:
        'Goes through the same intake as a delivery from ServiceM8 (inbox, de-duplication, processing), with its limits: ' +
        'a body over 64 KB is refused with 413.',
      bodyLimit: MAX_DELIVERY_BYTES,
      body: z.record(z.string(), z.unknown()),
      data: WebhookAccepted,
      message: 'The test delivery was accepted.',
      answer: (vendorId, request) => acceptDelivery(deps, { vendorId }, request.body),
    });
  };
}
