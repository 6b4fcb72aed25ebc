import { successEnvelope, UserSession } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
import { refreshSession, signOut } from './sessions.service.ts';

/** The signed-in person's session, as the web app keeps it, and signing out. */
export function sessionRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/User/info',
      {
        config: { access: access.signedIn },
        schema: {
          tags: ['User'],
          summary: 'The current session, refreshed',
          description: 'The caller’s vendors and roles as they are now, with a new token for the same session.',
          response: { 200: successEnvelope(UserSession) },
        },
      },
      async (request) => ({ success: true as const, data: await refreshSession(deps, requireCaller(request)) }),
    );

    app.post(
      '/Auth/logout',
      {
        config: { access: access.signedIn },
        schema: {
          tags: ['Auth'],
          summary: 'Sign out: end this session',
          description: 'The session’s tokens stop working at once, in every process. Other sessions go on.',
          response: { 200: successEnvelope(z.null()) },
        },
      },
      async (request) => {
        await signOut(deps, requireCaller(request));
        return { success: true as const, data: null, message: 'You are signed out.' };
      },
    );
  };
}
