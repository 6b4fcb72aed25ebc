import { successEnvelope } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { replyRoute } from '../../http/answer-route.ts';
import {
  checkCallbackSecret,
  MAX_DELIVERY_BYTES,
  MAX_DELIVERY_ENTRIES,
  receiveCallback,
} from './webhook-intake.service.ts';

/** What a stored delivery answers: its inbox row (none when only spooled for now) and whether it was a repeat. */
const WebhookDelivery = z.object({ inboxId: z.string().nullable(), duplicate: z.boolean() });

/** `type/subtype` with optional parameters, as Fastify reads a Content-Type (anything else it answers 415). */
const MEDIA_TYPE = /^\s*[\w!#$%&'*+.^`|~-]+\/[\w!#$%&'*+.^`|~-]+\s*(;.*)?$/;

/**
 * ServiceM8's callback, in a scope of its own: which Content-Type ServiceM8 sends is not documented,
 * so here alone every body (any Content-Type, none, or one that does not parse) is read as text and
 * the service reads it as JSON or form fields. Other routes parse bodies as before.
 */
export function webhookCallbackRoute(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      done(null, String(body).replaceAll('\u0000', ''));
    });

    // A Content-Type Fastify cannot read would be refused before the body is read: it counts as none.
    app.addHook('onRequest', async (request) => {
      const type = request.headers['content-type'];
      if (type !== undefined && !MEDIA_TYPE.test(type)) request.headers['content-type'] = 'application/octet-stream';
    });

    replyRoute(app, {
      method: 'POST',
      url: '/Webhook/sm8cb',
      access: access.public,
      document: {
        errors: ['UNAUTHENTICATED', 'PAYLOAD_TOO_LARGE', 'SERVICE_UNAVAILABLE'],
        text: 'The delivery was stored (JSON), or the subscription challenge answered with the challenge alone (text).',
        // Any type at all (`*/*`), the three ServiceM8 is known or thought to send named first.
        bodyTypes: ['application/json', 'application/x-www-form-urlencoded', 'text/plain', '*/*'],
      },
      bodyLimit: MAX_DELIVERY_BYTES,
      tags: ['Webhooks'],
      summary: 'ServiceM8 webhook callback',
      description:
        'The URL carries the vendor and its secret; without them the answer is 401 and nothing is stored. ' +
        'The body is read whatever its Content-Type, or without one: as JSON, or as form fields ' +
        '(`application/x-www-form-urlencoded`, a field may hold JSON text). The subscription challenge ' +
        '(`mode=subscribe&challenge=…`) is answered with the challenge alone, as `text/plain`. Anything else ' +
        'is a delivery, stored and answered 200 `{success, data: {inboxId, duplicate}}` (a repeat answers ' +
        '`duplicate: true`): an object delivery `{object, entry: [{uuid, changed_fields, time}], resource_url}`; ' +
        'an event delivery whose name is `type`, `event`, `event_type` or `eventName` and whose record is ' +
        'named in `data`, `eventArgs` (`jobUUID`, `companyUUID`, `formResponseUUID`) or a `resource_url`; ' +
        'or a body in no known layout, which is stored too and makes the account be reconciled. A body over ' +
        `64 KB or a delivery naming more than ${MAX_DELIVERY_ENTRIES} records is refused with 413.`,
      querystring: z.object({ vendor: z.string().optional(), secret: z.string().optional() }),
      body: z.unknown(),
      response: { 200: successEnvelope(WebhookDelivery) },
      reply: async (request, reply) => {
        const caller = await checkCallbackSecret(deps, request.query.vendor, request.query.secret);
        const answer = await receiveCallback(
          deps,
          caller,
          typeof request.body === 'string' ? request.body : undefined,
          request.headers['content-type'],
        );
        // Plain text, which the type of the JSON answer does not cover: Fastify sends a string as it is.
        if ('challenge' in answer) return reply.type('text/plain; charset=utf-8').send(answer.challenge);
        return reply.send({ success: true, data: answer.delivery });
      },
    });
  };
}
