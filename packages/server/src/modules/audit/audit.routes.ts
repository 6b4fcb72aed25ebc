import { AuditEntry, SearchQuery, searchPage } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import { vendorRoute } from '../../http/vendor-route.ts';
import { listAuditEntries, listVendorActivity } from './audit.service.ts';

export function auditRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      method: 'GET',
      url: '/Admin/audit/search',
      access: access.superAdmin,
      tags: ['Admin: audit log'],
      summary: 'Search the audit log',
      description:
        'What super admins did: each admin action, and each change made while acting as a vendor. Sortable: at ' +
        '(default: newest first). Filterable: at, vendorId, targetUserId (the user acted on), actorUserId, action.',
      querystring: SearchQuery,
      data: searchPage(AuditEntry),
      answer: (request) => listAuditEntries(deps, request.query),
    });

    vendorRoute(app, {
      method: 'GET',
      url: '/vendor/:vendorId/Activity/search',
      access: access.vendorMember('vendorId'),
      tags: ['Activity'],
      summary: "Search the vendor's activity history",
      description:
        'Who created, changed, switched on or off, or deleted each trigger (with the definition before and after, and ' +
        'what changed in words), and who cancelled or retried which run; kept a year. Sortable: at (default: newest ' +
        'first). Filterable: at, triggerId, runId, actorUserId, action (trigger.create, trigger.change, ' +
        'trigger.enable, trigger.disable, trigger.delete, run.cancel, run.retry).',
      querystring: SearchQuery,
      data: searchPage(AuditEntry),
      answer: (vendorId, request) => listVendorActivity(deps, vendorId, request.query),
    });
  };
}
