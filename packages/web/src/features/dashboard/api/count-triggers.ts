import { type SearchFilter, toSearchParams } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { lazySchema } from '@/lib/lazy-schema.ts';
import { dashboardKeys, triggerApi } from './keys.ts';

/** How many of the vendor's triggers match `filters`: `GET …/Trigger/search` with one row per page, reading `total`. */
async function countTriggers(
  vendorId: string,
  filters: readonly SearchFilter[],
  signal?: AbortSignal,
): Promise<number> {
  const page = await apiGet(triggerApi(vendorId, '/search'), lazySchema('TriggerSummaryPage'), {
    query: toSearchParams({ PageNumber: 1, PageSize: 1, Filters: [...filters] }),
    signal,
  });
  return page.total;
}

export function countTriggersQueryOptions(vendorId: string, filters: readonly SearchFilter[]) {
  return queryOptions({
    queryKey: dashboardKeys.triggerCount(vendorId, filters),
    queryFn: ({ signal }) => countTriggers(vendorId, filters, signal),
  });
}

export function useTriggerCount(vendorId: string, filters: readonly SearchFilter[]) {
  return useQuery(countTriggersQueryOptions(vendorId, filters));
}
