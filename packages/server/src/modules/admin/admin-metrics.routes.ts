import { AdminMetrics, AdminMetricsQuery } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import { platformMetrics } from './admin-metrics.service.ts';

export function adminMetricsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      method: 'GET',
      url: '/Admin/metrics',
      access: access.superAdmin,
      tags: ['Admin: metrics'],
      summary: 'How the platform is doing over a range of days',
      description:
        '`from` and `to` are days (YYYY-MM-DD, UTC, both included, at most 366 days apart); `granularity` day (default) ' +
        'or week (weeks start on Monday). Vendors; MRR (NZD cents, GST-inclusive) at the start and end of the range and ' +
        'churn (paying subscriptions ended in it, against those paying at its start); runs per day or week by status with the failure rate (Failed among ' +
        'Succeeded and Failed); the 5 triggers failing most with their usual reason; each connected vendor’s ' +
        'ServiceM8 allowance now; webhook deliveries; the job queue; the mail backlog.',
      querystring: AdminMetricsQuery,
      data: AdminMetrics,
      answer: (request) => platformMetrics(deps, request.query),
    });
  };
}
