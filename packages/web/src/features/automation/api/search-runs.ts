import {
  type SearchPage,
  type SearchQueryInput,
  type TriggerRun,
  TriggerRunPage,
  toSearchParams,
} from '@automate/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { automationKeys } from './keys.ts';
import { triggerApiPath } from './paths.ts';

/** The fields the runs search sorts by (it also filters by triggerId). */
export const RUN_SORT_FIELDS = [
  'createdAt',
  'dueAt',
  'startedAt',
  'finishedAt',
  'status',
  'triggerName',
  'jobNumber',
  'event',
] as const;

/**
 * `GET /api/vendor/{vendorId}/Trigger/runs`: every run of the vendor's triggers. Filterable by status,
 * triggerId, triggerName, jobNumber, event, createdAt, dueAt, startedAt and finishedAt; createdAt
 * descending by default. `Cursor` (a page's `nextCursor`) fetches the page after it; `total` stops
 * counting at RUN_COUNT_CAP (`totalCapped`).
 */
async function searchRuns(vendorId: string, query: SearchQueryInput, signal?: AbortSignal): Promise<TriggerRunPage> {
  return apiGet(triggerApiPath(vendorId, 'runs'), TriggerRunPage, { query: toSearchParams(query), signal });
}

/** How often a screen showing a run that has not finished asks again, so it moves on by itself. */
export const UNFINISHED_RUN_REFRESH_MS = 10_000;

export const isUnfinishedRun = (run: Pick<TriggerRun, 'status'>) =>
  run.status === 'Scheduled' || run.status === 'Running';

/** A `refetchInterval` for run pages: every 10 s while a run on the page is Scheduled or Running. */
export function refreshWhileUnfinished(query: { state: { data?: SearchPage<TriggerRun> } }): number | false {
  return query.state.data?.rows.some(isUnfinishedRun) ? UNFINISHED_RUN_REFRESH_MS : false;
}

function searchRunsQueryOptions(vendorId: string, query: SearchQueryInput) {
  return queryOptions({
    queryKey: automationKeys.runs.search(vendorId, null, query),
    queryFn: ({ signal }) => searchRuns(vendorId, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refreshWhileUnfinished,
  });
}

export function useRunSearch(vendorId: string, query: SearchQueryInput, { enabled = true } = {}) {
  return useQuery({ ...searchRunsQueryOptions(vendorId, query), enabled });
}
