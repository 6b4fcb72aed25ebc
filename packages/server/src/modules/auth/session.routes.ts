import { UserSession } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import { refreshSession, signOut } from './sessions.service.ts';

/** The signed-in person's session, as the web app keeps it, and signing out. */
export function sessionRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      method: 'GET',
      url: '/User/info',
      access: access.signedIn,
      tags: ['User'],
      summary: 'The current session, refreshed',
      description: 'The caller’s vendors and roles as they are now, with a new token for the same session.',
      data: UserSession,
      answer: (request) => refreshSession(deps, requireCaller(request)),
    });

    answerRoute(app, {
      method: 'POST',
      url: '/Auth/logout',
      access: access.signedIn,
      tags: ['Auth'],
      summary: 'Sign out: end this session',
      description: 'The session’s tokens stop working at once, in every process. Other sessions go on.',
      data: z.null(),
      message: 'You are signed out.',
      answer: async (request) => {
        await signOut(deps, requireCaller(request));
        return null;
      },
    });
  };
}
