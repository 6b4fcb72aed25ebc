import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { lazySchema } from '@/lib/lazy-schema.ts';
import { dashboardKeys, triggerApi } from './keys.ts';

export function triggersNeedingAttentionQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: dashboardKeys.attention(vendorId),
    queryFn: ({ signal }) => apiGet(triggerApi(vendorId, '/attention'), lazySchema('TriggerAttentionList'), { signal }),
  });
}

/** The vendor's saved triggers that break a rule of their event, each with its problems. */
export function useTriggersNeedingAttention(vendorId: string) {
  return useQuery(triggersNeedingAttentionQueryOptions(vendorId));
}
