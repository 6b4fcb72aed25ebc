import { type SearchQueryInput, TriggerRunPage, toSearchParams } from '@automate/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { refreshWhileUnfinished } from '@/lib/runs/search-runs.ts';
import { automationKeys } from './keys.ts';
import { triggerApiPath } from './paths.ts';

/** `GET /api/vendor/{vendorId}/Trigger/{triggerId}/runs`: the runs search limited to one trigger; 404 when unknown. */
async function searchTriggerRuns(
  vendorId: string,
  triggerId: string,
  query: SearchQueryInput,
  signal?: AbortSignal,
): Promise<TriggerRunPage> {
  return apiGet(triggerApiPath(vendorId, triggerId, 'runs'), TriggerRunPage, {
    query: toSearchParams(query),
    signal,
  });
}

function searchTriggerRunsQueryOptions(vendorId: string, triggerId: string, query: SearchQueryInput) {
  return queryOptions({
    queryKey: automationKeys.runs.search(vendorId, triggerId, query),
    queryFn: ({ signal }) => searchTriggerRuns(vendorId, triggerId, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refreshWhileUnfinished,
  });
}

export function useTriggerRunSearch(
  vendorId: string,
  triggerId: string,
  query: SearchQueryInput,
  { enabled = true } = {},
) {
  return useQuery({ ...searchTriggerRunsQueryOptions(vendorId, triggerId, query), enabled });
}
