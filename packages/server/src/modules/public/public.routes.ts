import { APP_VERSION, PublicData } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';

export function publicRoutes(deps: Deps): FastifyPluginAsyncZod {
  const data: PublicData = {
    appVersion: APP_VERSION,
    paymentPublishableKey: deps.config.stripePublishableKey ?? null,
    feedbackFormUrl: deps.config.feedbackFormUrl ?? null,
    supportEmail: deps.config.supportEmail,
    demoMode: deps.config.demoMode,
  };
  return async (app) => {
    answerRoute(app, {
      method: 'GET',
      url: '/Public/fetchdata',
      access: access.public,
      tags: ['Public'],
      summary: 'Settings the public pages and the app shell need before sign-in',
      data: PublicData,
      answer: async () => data,
    });
  };
}
