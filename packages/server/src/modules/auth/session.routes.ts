import { successEnvelope, UserSession } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
import { refreshSession } from './auth.service.ts';

/** The signed-in person's session, as the web app keeps it. */
export function sessionRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/User/info',
      {
        config: { access: access.signedIn },
        schema: {
          tags: ['User'],
          summary: 'The current session, refreshed',
          description: 'The caller’s vendors and roles as they are now, with a new token.',
          response: { 200: successEnvelope(UserSession) },
        },
      },
      async (request) => ({ success: true as const, data: await refreshSession(deps, requireCaller(request)) }),
    );
  };
}
