import { type SearchQueryInput, type TriggerRunPage, toSearchParams } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { lazySchema } from '@/lib/lazy-schema.ts';
import { dashboardKeys, triggerApi } from './keys.ts';

/** `GET /api/vendor/{vendorId}/Trigger/runs`: the vendor's runs, for the dashboard's figures and lists. */
async function searchDashboardRuns(
  vendorId: string,
  query: SearchQueryInput,
  signal?: AbortSignal,
): Promise<TriggerRunPage> {
  return apiGet(triggerApi(vendorId, '/runs'), lazySchema('TriggerRunPage'), { query: toSearchParams(query), signal });
}

export function dashboardRunsQueryOptions(vendorId: string, query: SearchQueryInput) {
  return queryOptions({
    queryKey: dashboardKeys.runs(vendorId, query),
    queryFn: ({ signal }) => searchDashboardRuns(vendorId, query, signal),
  });
}

export function useDashboardRuns(vendorId: string, query: SearchQueryInput) {
  return useQuery(dashboardRunsQueryOptions(vendorId, query));
}
