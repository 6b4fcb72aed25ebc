import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { replyRoute } from '../../http/answer-route.ts';
import { answerScrape } from '../../observability/metrics.ts';

/**
 * `GET /api/metrics`: this process's metrics in Prometheus's text format, for a scraper holding
 * METRICS_TOKEN (401 without it; 404 while none is set). It is kept out of the OpenAPI document: it
 * belongs to whoever runs the servers, not to the product's API, and its format is Prometheus's.
 */
export function metricsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    replyRoute(app, {
      method: 'GET',
      url: '/metrics',
      access: access.public,
      hide: true,
      tags: ['System'],
      summary: 'Prometheus metrics, for METRICS_TOKEN as a bearer token',
      reply: async (request, reply) => {
        const answer = await answerScrape(deps.metrics, deps.config.metrics.token, request.headers.authorization);
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      },
    });
  };
}
