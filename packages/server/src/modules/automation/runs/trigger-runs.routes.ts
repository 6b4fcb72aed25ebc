import {
  AdminTriggerRunPage,
  CursorSearchQuery,
  RUN_COUNT_CAP,
  TriggerRun,
  TriggerRunDetail,
  TriggerRunPage,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../deps.ts';
import { access, requireCaller } from '../../../http/access.ts';
import { answerRoute } from '../../../http/answer-route.ts';
import { vendorRoute } from '../../../http/vendor-route.ts';
import { TRIGGER_BASE as base, TriggerParams, triggerRoute, VendorParams } from '../../triggers/trigger-paths.ts';
import {
  cancelTriggerRun,
  getTriggerRun,
  listAllTriggerRuns,
  listTriggerRuns,
  retryFailedRuns,
  retryTriggerRun,
} from './trigger-runs.service.ts';

const RunParams = VendorParams.extend({ runId: z.uuid('runId is not a valid id.') });

const RETRY_BATCH_MAX = 500;
const RetryRunsBody = z.object({
  runIds: z
    .array(z.uuid('Each run id must be a valid id.'), { error: 'runIds must be a list of run ids.' })
    .min(1, 'runIds needs at least one run.')
    .max(RETRY_BATCH_MAX, `runIds can hold at most ${RETRY_BATCH_MAX} runs at once.`),
});

const RUNS_SEARCH_DESCRIPTION =
  'Sortable: status, triggerName, jobNumber, event, createdAt, dueAt, startedAt, finishedAt (runs with the same ' +
  'value newest first when descending, oldest first when ascending). Filterable: the same and triggerId. ' +
  'Default: createdAt descending. For the next page pass its `nextCursor` as `Cursor` (and the same sort, ' +
  'filters and page size): it continues after the last run shown, however deep, and neither repeats nor skips ' +
  `a run when new ones arrive; \`PageNumber\` alone pages by offset. \`total\` counts up to ${RUN_COUNT_CAP.toLocaleString('en')}: ` +
  'with more, `totalCapped` is true.';

const ALL_RUNS_SEARCH_DESCRIPTION =
  'Every vendor’s runs, each with its vendor’s name. Sortable: createdAt, status (runs with the same status newest ' +
  'first when descending). Filterable: status, vendorId, triggerId, event, jobNumber, createdAt, dueAt, finishedAt. ' +
  'Default: createdAt descending. Pages by `Cursor` (a page’s `nextCursor`) or by `PageNumber`, and counts as ' +
  '`Trigger/runs` does. A run’s step log is read with `vendor/{vendorId}/Trigger/runs/{runId}`.';

/**
 * The vendor's trigger runs, under /vendor/{vendorId}/Trigger: the lists, one run with its step log, cancel;
 * and the super admin's list of every vendor's runs.
 */
export function triggerRunRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      method: 'GET',
      url: '/Admin/runs',
      access: access.superAdmin,
      tags: ['Admin: runs'],
      summary: 'Search every vendor’s trigger runs',
      description: ALL_RUNS_SEARCH_DESCRIPTION,
      querystring: CursorSearchQuery,
      data: AdminTriggerRunPage,
      answer: (request) => listAllTriggerRuns(deps, request.query),
    });

    // The vendor's runs, or one trigger's when the path names it.
    const searches = [
      {
        url: `${base}/runs`,
        summary: "Search the vendor's trigger runs",
        description: RUNS_SEARCH_DESCRIPTION,
      },
      {
        url: `${base}/:triggerId/runs`,
        summary: "Search one trigger's runs",
        description: 'The same query as `Trigger/runs`, limited to this trigger.',
        params: TriggerParams,
      },
    ];
    for (const search of searches) {
      vendorRoute(app, {
        ...triggerRoute,
        ...search,
        method: 'GET',
        querystring: CursorSearchQuery,
        data: TriggerRunPage,
        answer: (vendorId, request) => listTriggerRuns(deps, { ...request.params, vendorId }, request.query),
      });
    }

    vendorRoute(app, {
      ...triggerRoute,
      method: 'GET',
      url: `${base}/runs/:runId`,
      summary: 'Read a run with its step log',
      params: RunParams,
      data: TriggerRunDetail,
      answer: (vendorId, request) => getTriggerRun(deps, vendorId, request.params.runId),
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'GET',
      url: `${base}/runs/:runId/cancel`,
      document: { errors: ['CONFLICT'] },
      changesState: true,
      summary: 'Cancel a scheduled run',
      description: 'Only a run that has not started (Scheduled) can be cancelled; otherwise 409 says why not.',
      params: RunParams,
      data: TriggerRun,
      message: 'The run was cancelled.',
      answer: (vendorId, request) => cancelTriggerRun(deps, requireCaller(request), vendorId, request.params.runId),
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'POST',
      url: `${base}/runs/:runId/retry`,
      document: { errors: ['CONFLICT'] },
      summary: 'Retry a failed run',
      description:
        'Runs it again now: the steps that failed are attempted anew, the ones that succeeded are not repeated. Only a Failed run can be retried; otherwise 409 says why not.',
      params: RunParams,
      data: TriggerRun,
      message: 'The run was retried.',
      answer: (vendorId, request) => retryTriggerRun(deps, requireCaller(request), vendorId, request.params.runId),
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'POST',
      url: `${base}/runs/retry`,
      summary: 'Retry failed runs',
      description: `Retries each Failed run among \`runIds\` (at most ${RETRY_BATCH_MAX}) as \`runs/{runId}/retry\` does; runs that did not fail, or are not the vendor's, are left alone. Answers how many were retried.`,
      body: RetryRunsBody,
      data: z.object({ retried: z.number().int() }),
      answer: async (vendorId, request) => ({
        retried: await retryFailedRuns(deps, requireCaller(request), vendorId, request.body.runIds),
      }),
    });
  };
}
