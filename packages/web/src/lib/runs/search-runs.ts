import { type SearchPage, type SearchQueryInput, type TriggerRun, toSearchParams } from '@automate/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { lazySchema } from '@/lib/lazy-schema.ts';

/**
 * The vendor's runs search, `GET /api/vendor/{vendorId}/Trigger/runs`, shared by the dashboard and the
 * automation screens: one request and one cache entry per query, whichever screen asked first. Filterable by
 * status, triggerId, triggerName, jobNumber, event, createdAt, dueAt, startedAt and finishedAt; createdAt
 * descending by default. `Cursor` (a page's `nextCursor`) fetches the page after it; `total` stops counting
 * at RUN_COUNT_CAP (`totalCapped`).
 */

/** Every view of runs starts with this root, so refreshing it refreshes them all. */
const RUNS_KEY_ROOT = 'trigger-runs';

/** `triggerId` null: every run of the vendor. */
export const runSearchKey = (vendorId: string, triggerId: string | null, query: SearchQueryInput) =>
  [RUNS_KEY_ROOT, 'search', vendorId, triggerId ?? 'all', query] as const;

/** How often a screen showing a run that has not finished asks again, so it moves on by itself. */
export const UNFINISHED_RUN_REFRESH_MS = 10_000;

export const isUnfinishedRun = (run: Pick<TriggerRun, 'status'>) =>
  run.status === 'Scheduled' || run.status === 'Running';

/** A `refetchInterval` for run pages: every 10 s while a run on the page is Scheduled or Running. */
export function refreshWhileUnfinished(query: { state: { data?: SearchPage<TriggerRun> } }): number | false {
  return query.state.data?.rows.some(isUnfinishedRun) ? UNFINISHED_RUN_REFRESH_MS : false;
}

export function runSearchQueryOptions(vendorId: string, query: SearchQueryInput) {
  return queryOptions({
    queryKey: runSearchKey(vendorId, null, query),
    queryFn: ({ signal }) =>
      apiGet(`/vendor/${encodeURIComponent(vendorId)}/Trigger/runs`, lazySchema('TriggerRunPage'), {
        query: toSearchParams(query),
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: refreshWhileUnfinished,
  });
}

export function useRunSearch(vendorId: string, query: SearchQueryInput, { enabled = true } = {}) {
  return useQuery({ ...runSearchQueryOptions(vendorId, query), enabled });
}
