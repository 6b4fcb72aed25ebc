import { Health, successEnvelope } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { checkHealth } from './health.service.ts';

export function healthRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: access.public },
        schema: {
          tags: ['System'],
          summary: 'Whether the database and the job queue are working',
          description:
            'Answers 200 whenever the server runs; `data.status` is `degraded` when the database ' +
            'or the queue is not working, with a sentence per component saying why.',
          response: { 200: successEnvelope(Health) },
        },
      },
      async () => ({ success: true as const, data: await checkHealth(deps.database, deps.queue) }),
    );
  };
}
