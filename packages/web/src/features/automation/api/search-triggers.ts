import { type SearchPage, type SearchQueryInput, searchPage, TriggerSummary, toSearchParams } from '@automate/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { automationKeys } from './keys.ts';
import { triggerApiPath } from './paths.ts';

const TriggerSummaryPage = searchPage(TriggerSummary);

/** The fields `Trigger/search` sorts by (it filters by all but `lastRunAt`). */
export const TRIGGER_SORT_FIELDS = ['name', 'event', 'enabled', 'createdAt', 'updatedAt', 'lastRunAt'] as const;

/**
 * `GET /api/vendor/{vendorId}/Trigger/search`: the vendor's triggers as summaries. Filterable by name,
 * event, enabled, createdAt and updatedAt; sortable by those and lastRunAt; name ascending by default.
 */
async function searchTriggers(
  vendorId: string,
  query: SearchQueryInput,
  signal?: AbortSignal,
): Promise<SearchPage<TriggerSummary>> {
  return apiGet(triggerApiPath(vendorId, 'search'), TriggerSummaryPage, { query: toSearchParams(query), signal });
}

function searchTriggersQueryOptions(vendorId: string, query: SearchQueryInput) {
  return queryOptions({
    queryKey: automationKeys.triggers.search(vendorId, query),
    queryFn: ({ signal }) => searchTriggers(vendorId, query, signal),
    // A new page or filter keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useTriggerSearch(vendorId: string, query: SearchQueryInput, { enabled = true } = {}) {
  return useQuery({ ...searchTriggersQueryOptions(vendorId, query), enabled });
}
