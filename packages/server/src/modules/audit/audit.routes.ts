import { AuditEntry, SearchQuery, searchPage } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import { listAuditEntries } from './audit.service.ts';

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
  };
}
