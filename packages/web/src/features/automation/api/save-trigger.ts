import { Trigger, type TriggerDefinitionInput } from '@automate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { automationKeys, refreshTriggerViews } from './keys.ts';
import { triggerApiPath } from './paths.ts';

type SaveTriggerInput = { vendorId: string; triggerId: string; definition: TriggerDefinitionInput };

/**
 * `POST /api/vendor/{vendorId}/Trigger/{triggerId}`: the whole definition (also to switch it on or off)
 * becomes the trigger's next version; checked like a new trigger.
 */
async function saveTrigger({ vendorId, triggerId, definition }: SaveTriggerInput): Promise<ApiResult<Trigger>> {
  return apiRequest('POST', triggerApiPath(vendorId, triggerId), Trigger, { body: definition });
}

export function useSaveTrigger() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTrigger,
    onSuccess: async ({ data }) => {
      client.setQueryData(automationKeys.triggers.detail(data.vendorId, data.id), data);
      await refreshTriggerViews(client);
    },
  });
}
