import {
  AdminVendorDetail,
  AdminVendorRow,
  SearchQuery,
  SetVendorSuspensionRequest,
  searchPage,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import { getAdminVendor, searchAdminVendors, setVendorSuspension } from './admin-vendors.service.ts';

const tags = ['Admin: vendors'];
const params = z.object({ id: z.uuid('id is not a valid id.') });

/** The super admin's vendor list and vendor page; the vendor's own calls (`/Vendor/{id}/…`) serve the tabs. */
export function adminVendorRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      method: 'GET',
      url: '/Admin/vendors/search',
      access: access.superAdmin,
      tags,
      summary: 'Search vendors with their automations’ activity',
      description:
        'The fields, filters and sorts of `Vendor/search` (and `automationsSuspended`); each row adds its enabled triggers, ' +
        'runs and failures of the last 30 days and when it last ran.',
      querystring: SearchQuery,
      data: searchPage(AdminVendorRow),
      answer: (request) => searchAdminVendors(deps, request.query),
    });

    answerRoute(app, {
      method: 'GET',
      url: '/Admin/vendors/:id',
      access: access.superAdmin,
      tags,
      params,
      summary: 'Read a vendor with its activity and ServiceM8 connection',
      data: AdminVendorDetail,
      answer: (request) => getAdminVendor(deps, request.params.id),
    });

    answerRoute(app, {
      method: 'POST',
      url: '/Admin/vendors/:id/suspension',
      access: access.superAdmin,
      tags,
      params,
      summary: 'Suspend or resume the vendor’s automations',
      description:
        'Suspended, each new run of the vendor (and each run coming due) is Skipped with the reason, which the vendor sees.',
      body: SetVendorSuspensionRequest,
      data: AdminVendorDetail,
      message: (vendor) => (vendor.automationsSuspended ? 'Automations are suspended.' : 'Automations resumed.'),
      answer: (request) => setVendorSuspension(deps, requireCaller(request), request.params.id, request.body),
    });
  };
}
