import { APP_VERSION, PublicData, successEnvelope } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';

export function publicRoutes(deps: Deps): FastifyPluginAsyncZod {
  const data: PublicData = {
    appVersion: APP_VERSION,
    paymentPublishableKey: deps.config.stripePublishableKey ?? null,
    feedbackFormUrl: deps.config.feedbackFormUrl ?? null,
    supportEmail: deps.config.supportEmail,
    demoMode: deps.config.demoMode,
  };
  return async (app) => {
    app.get(
      '/Public/fetchdata',
      {
        config: { access: access.public },
        schema: {
          tags: ['Public'],
          summary: 'Settings the public pages and the app shell need before sign-in',
          response: { 200: successEnvelope(PublicData) },
        },
      },
      async () => ({ success: true as const, data }),
    );
  };
}
