import { TriggerAttention } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api-client.ts';
import { dashboardKeys, triggerApi } from './keys.ts';

const AttentionList = z.array(TriggerAttention);

function triggersNeedingAttentionQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: dashboardKeys.attention(vendorId),
    queryFn: ({ signal }) => apiGet(triggerApi(vendorId, '/attention'), AttentionList, { signal }),
  });
}

/** The vendor's saved triggers that break a rule of their event, each with its problems. */
export function useTriggersNeedingAttention(vendorId: string) {
  return useQuery(triggersNeedingAttentionQueryOptions(vendorId));
}
