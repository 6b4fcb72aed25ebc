import { Notice } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../deps.ts';
import { access, requireCaller } from '../../../http/access.ts';
import { vendorRoute } from '../../../http/vendor-route.ts';
import { readNotices, unreadNotices } from './notices.service.ts';

const base = '/vendor/:vendorId/notices';
const route = { access: access.vendorAdmin('vendorId'), tags: ['Notices'] };
const NoticeParams = z.object({ vendorId: z.string(), noticeId: z.uuid('noticeId is not a valid id.') });
const Read = z.object({ read: z.number().int() });

/** The bell in the header: the signed-in Admin's unread notices about the vendor, and marking them read. */
export function noticeRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    vendorRoute(app, {
      ...route,
      method: 'GET',
      url: base,
      summary: 'Your unread notices',
      description:
        'What was emailed to you as an Admin of the vendor (runs failing for a cause you can fix, the daily digest), newest first (at most 50), until you read them.',
      data: z.array(Notice),
      answer: (vendorId, request) => unreadNotices(deps, requireCaller(request), vendorId),
    });

    vendorRoute(app, {
      ...route,
      method: 'POST',
      url: `${base}/read`,
      summary: 'Mark all your notices read',
      data: Read,
      answer: (vendorId, request) => readNotices(deps, requireCaller(request), vendorId),
    });

    vendorRoute(app, {
      ...route,
      method: 'POST',
      url: `${base}/:noticeId/read`,
      summary: 'Mark one notice read',
      params: NoticeParams,
      data: Read,
      answer: (vendorId, request) => readNotices(deps, requireCaller(request), vendorId, request.params.noticeId),
    });
  };
}
