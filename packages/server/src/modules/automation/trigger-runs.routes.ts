import {
  CursorSearchQuery,
  RUN_COUNT_CAP,
  successEnvelope,
  TriggerRun,
  TriggerRunDetail,
  TriggerRunPage,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { requireCaller, requireVendorScope } from '../../http/access.ts';
import {
  TRIGGER_BASE as base,
  triggerAccess as config,
  TriggerParams,
  triggerTags as tags,
  VendorParams,
} from '../triggers/trigger-paths.ts';
import { cancelTriggerRun, getTriggerRun, listTriggerRuns } from './trigger-runs.service.ts';

const RunParams = VendorParams.extend({ runId: z.uuid('runId is not a valid id.') });

const RUNS_SEARCH_DESCRIPTION =
  'Sortable: status, triggerName, jobNumber, event, createdAt, dueAt, startedAt, finishedAt (runs with the same ' +
  'value newest first when descending, oldest first when ascending). Filterable: the same and triggerId. ' +
  'Default: createdAt descending. For the next page pass its `nextCursor` as `Cursor` (and the same sort, ' +
  'filters and page size): it continues after the last run shown, however deep, and neither repeats nor skips ' +
  `a run when new ones arrive; \`PageNumber\` alone pages by offset. \`total\` counts up to ${RUN_COUNT_CAP.toLocaleString('en')}: ` +
  'with more, `totalCapped` is true.';

/** The vendor's trigger runs, under /vendor/{vendorId}/Trigger: the lists, one run with its step log, cancel. */
export function triggerRunRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${base}/runs`,
      {
        config,
        schema: {
          tags,
          summary: "Search the vendor's trigger runs",
          description: RUNS_SEARCH_DESCRIPTION,
          params: VendorParams,
          querystring: CursorSearchQuery,
          response: { 200: successEnvelope(TriggerRunPage) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await listTriggerRuns(deps, { vendorId: requireVendorScope(request).id }, request.query),
      }),
    );

    app.get(
      `${base}/runs/:runId`,
      {
        config,
        schema: {
          tags,
          summary: 'Read a run with its step log',
          params: RunParams,
          response: { 200: successEnvelope(TriggerRunDetail) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await getTriggerRun(deps, requireVendorScope(request).id, request.params.runId),
      }),
    );

    app.get(
      `${base}/runs/:runId/cancel`,
      {
        config,
        schema: {
          tags,
          summary: 'Cancel a scheduled run',
          description: 'Only a run that has not started (Scheduled) can be cancelled; otherwise 409 says why not.',
          params: RunParams,
          response: { 200: successEnvelope(TriggerRun) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await cancelTriggerRun(
          deps,
          requireCaller(request),
          requireVendorScope(request).id,
          request.params.runId,
        ),
        message: 'The run was cancelled.',
      }),
    );

    app.get(
      `${base}/:triggerId/runs`,
      {
        config,
        schema: {
          tags,
          summary: "Search one trigger's runs",
          description: 'The same query as `Trigger/runs`, limited to this trigger.',
          params: TriggerParams,
          querystring: CursorSearchQuery,
          response: { 200: successEnvelope(TriggerRunPage) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await listTriggerRuns(
          deps,
          { vendorId: requireVendorScope(request).id, triggerId: request.params.triggerId },
          request.query,
        ),
      }),
    );
  };
}
