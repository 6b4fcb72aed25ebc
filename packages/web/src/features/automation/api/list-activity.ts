import { ActivityPage, type TriggerEvent } from '@automate/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { automationKeys } from './keys.ts';
import { triggerApiPath } from './paths.ts';

/** What Activity is searched by: a job number, part of a client's name, an event, and the days observed. */
export type ActivityFilters = {
  job?: string;
  client?: string;
  event?: TriggerEvent | '';
  /** ISO times: observed at or after `from`, before `to`. */
  from?: string;
  to?: string;
};

const PAGE_SIZE = 25;

function activityQuery(filters: ActivityFilters, cursor: string | null) {
  return {
    PageSize: PAGE_SIZE,
    Job: filters.job?.trim() || undefined,
    Client: filters.client?.trim() || undefined,
    Event: filters.event || undefined,
    From: filters.from,
    To: filters.to,
    Cursor: cursor,
  };
}

/**
 * `GET /api/vendor/{vendorId}/Trigger/changes`, newest first, page after page ("Load more" asks for the
 * next by its cursor). Kept under the runs' key: what refreshes the runs refreshes Activity.
 */
export function useActivity(vendorId: string, filters: ActivityFilters) {
  return useInfiniteQuery({
    queryKey: [...automationKeys.runs.all, 'activity', vendorId, filters] as const,
    queryFn: ({ pageParam, signal }) =>
      apiGet(triggerApiPath(vendorId, 'changes'), ActivityPage, { signal, query: activityQuery(filters, pageParam) }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
