import { AdminTriggerRunPage, type SearchQueryInput, toSearchParams } from '@automate/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { refreshWhileUnfinished } from '@/lib/runs/search-runs.ts';
import { automationKeys } from './keys.ts';

/** The fields the super admin's list of every run sorts by. */
export const ALL_RUNS_SORT_FIELDS = ['createdAt', 'status'] as const;

/**
 * `GET /api/Admin/runs` (super admins): every vendor's runs, each with its vendor's name. Filterable by
 * status, vendorId, triggerId, event, jobNumber, createdAt, dueAt and finishedAt; pages by `Cursor`.
 */
async function searchAllRuns(query: SearchQueryInput, signal?: AbortSignal): Promise<AdminTriggerRunPage> {
  return apiGet('/Admin/runs', AdminTriggerRunPage, { query: toSearchParams(query), signal });
}

export function useAllRunsSearch(query: SearchQueryInput) {
  return useQuery(
    queryOptions({
      queryKey: automationKeys.runs.search('every-vendor', null, query),
      queryFn: ({ signal }) => searchAllRuns(query, signal),
      placeholderData: keepPreviousData,
      refetchInterval: refreshWhileUnfinished,
    }),
  );
}
