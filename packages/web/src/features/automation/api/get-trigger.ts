import { Trigger } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { automationKeys } from './keys.ts';
import { triggerApiPath } from './paths.ts';

/** `GET /api/vendor/{vendorId}/Trigger/{triggerId}`: the trigger with its whole definition; 404 when unknown. */
async function getTrigger(vendorId: string, triggerId: string, signal?: AbortSignal): Promise<Trigger> {
  return apiGet(triggerApiPath(vendorId, triggerId), Trigger, { signal });
}

export function getTriggerQueryOptions(vendorId: string, triggerId: string) {
  return queryOptions({
    queryKey: automationKeys.triggers.detail(vendorId, triggerId),
    queryFn: ({ signal }) => getTrigger(vendorId, triggerId, signal),
  });
}

export function useTrigger(vendorId: string, triggerId: string, { enabled = true } = {}) {
  return useQuery({ ...getTriggerQueryOptions(vendorId, triggerId), enabled });
}
