import { ClientOptOut, UnsubscribePage } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../deps.ts';
import { access } from '../../../http/access.ts';
import { answerRoute } from '../../../http/answer-route.ts';
import { vendorRoute } from '../../../http/vendor-route.ts';
import { listClientOptOuts, undoClientOptOut, unsubscribe, unsubscribePage } from './client-messaging.service.ts';

const TokenQuery = z.object({
  token: z
    .string({ error: 'Open the whole unsubscribe link from the email.' })
    .max(2000, 'This unsubscribe link is not valid.'),
});
const OptOutParams = z.object({ vendorId: z.string(), clientUuid: z.string().min(1, 'Name the client.') });
const OptOutBody = z.union([z.object({}).passthrough(), z.undefined()]);

/**
 * The unsubscribe link of automated emails (public: the page's data and the confirmation, which is also
 * the one-click unsubscribe a mail program posts) and the vendor's Opt-outs page.
 */
export function clientMessagingRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      method: 'GET',
      url: '/Public/unsubscribe',
      document: { errors: ['NOT_FOUND'] },
      access: access.public,
      tags: ['Public'],
      summary: 'What the unsubscribe page of an automated email shows',
      description: 'The business the email came from, the address (partly hidden) and whether it is opted out already.',
      querystring: TokenQuery,
      data: UnsubscribePage,
      answer: (request) => unsubscribePage(deps, request.query.token),
    });

    // Mail programs post the one-click unsubscribe form-encoded (`List-Unsubscribe=One-Click`).
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
      answerRoute(scope, {
        method: 'POST',
        url: '/Public/unsubscribe',
        document: { errors: ['NOT_FOUND'], bodyTypes: ['application/json', 'application/x-www-form-urlencoded'] },
        access: access.public,
        tags: ['Public'],
        summary: 'Unsubscribe from a business’s automated messages',
        description:
          'Opts the client the email went to out of the business’s automated emails and texts until the business ' +
          'undoes it. The page posts JSON; a mail program’s one-click unsubscribe posts `List-Unsubscribe=One-Click`.',
        querystring: TokenQuery,
        body: OptOutBody,
        data: UnsubscribePage,
        message: 'You are unsubscribed.',
        answer: (request) => unsubscribe(deps, request.query.token),
      });
    });

    vendorRoute(app, {
      method: 'GET',
      url: '/vendor/:vendorId/OptOuts',
      access: access.vendorMember('vendorId'),
      tags: ['Client messaging'],
      summary: 'The clients who unsubscribed from automated messages',
      description: 'Newest first. Clients opted out by the opt-out badge are the ones with that badge in ServiceM8.',
      data: z.array(ClientOptOut),
      answer: (vendorId) => listClientOptOuts(deps, vendorId),
    });

    vendorRoute(app, {
      method: 'DELETE',
      url: '/vendor/:vendorId/OptOuts/:clientUuid',
      access: access.vendorAdmin('vendorId'),
      tags: ['Client messaging'],
      summary: 'Undo a client’s opt-out',
      description: 'The client gets automated messages again. 404 when the client has not opted out.',
      params: OptOutParams,
      data: z.null(),
      message: 'The client gets automated messages again.',
      answer: async (vendorId, request) => {
        await undoClientOptOut(deps, vendorId, request.params.clientUuid);
        return null;
      },
    });
  };
}
