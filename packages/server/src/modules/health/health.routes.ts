import { Health, Readiness, successEnvelope } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { answerRoute, replyRoute } from '../../http/answer-route.ts';
import { checkHealth, checkReadiness } from './health.service.ts';

export function healthRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      method: 'GET',
      url: '/health',
      access: access.public,
      tags: ['System'],
      summary: 'Whether the database and the job queue are working',
      description:
        'Answers 200 whenever the server runs; `data.status` is `degraded` when the database ' +
        'or the queue is not working, with a sentence per component saying why.',
      data: Health,
      answer: () => checkHealth(deps.database, deps.queue),
    });

    replyRoute(app, {
      method: 'GET',
      url: '/ready',
      access: access.public,
      tags: ['System'],
      summary: 'Whether this process can take work now',
      description:
        'For a load balancer or an orchestrator: 200 when the database and the job queue answer, 503 when ' +
        'not, with figures either way: their latency, the ServiceM8 deliveries waiting on disk for the ' +
        'database (`spool.backlog`) and the spooled deliveries set aside for a person to look at (`spool.rejected`), and whether ServiceM8 answers (reported, but runs retry while it does ' +
        'not, so it does not make the process unready).',
      response: { 200: successEnvelope(Readiness), 503: successEnvelope(Readiness) },
      reply: async (_request, reply) => {
        const readiness = await checkReadiness(deps);
        return reply.status(readiness.ready ? 200 : 503).send({ success: true as const, data: readiness });
      },
    });
  };
}
