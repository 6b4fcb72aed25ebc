import { ACTIVITY_KEPT_DAYS, ActivityPage, ActivityQuery } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../deps.ts';
import { vendorRoute } from '../../../http/vendor-route.ts';
import { TRIGGER_BASE as base, triggerRoute, VendorParams } from '../../triggers/trigger-paths.ts';
import { listActivity } from './activity.service.ts';

const ACTIVITY_DESCRIPTION =
  `Every change the engine observed in the vendor's ServiceM8 records over the last ${ACTIVITY_KEPT_DAYS} days, newest ` +
  'first: the record, what changed (status, badges, queue, category, booking), the events it made and, for each ' +
  'automation listening to one of them, the run it started or why it did not run (`reason`: switched-off, ' +
  'conditions, kind, already-ran, own-change, cascade-limit, suspended, no-plan, with `explanation` in a sentence). ' +
  'Filters: `Job` (a job number: that job’s timeline), `Client` (part of a name), `Event`, `From`/`To` (when observed). ' +
  'For the next page pass its `nextCursor` as `Cursor` with the same filters.';

/** Automation › Activity, under /vendor/{vendorId}/Trigger. */
export function activityRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    vendorRoute(app, {
      ...triggerRoute,
      method: 'GET',
      url: `${base}/changes`,
      summary: 'List the observed changes and what each automation did with them',
      description: ACTIVITY_DESCRIPTION,
      params: VendorParams,
      querystring: ActivityQuery,
      data: ActivityPage,
      answer: (vendorId, request) => listActivity(deps, vendorId, request.query),
    });
  };
}
