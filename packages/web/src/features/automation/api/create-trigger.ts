import { Trigger, type TriggerDefinitionInput } from '@automate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { automationKeys, refreshTriggerViews } from './keys.ts';
import { triggerApiPath } from './paths.ts';

type CreateTriggerInput = { vendorId: string; definition: TriggerDefinitionInput };

/**
 * `POST /api/vendor/{vendorId}/Trigger`: 201 with the new trigger (version 1). Everything the definition
 * names must exist; enabling needs ServiceM8 connected and at least one action (400/409 say why not).
 */
async function createTrigger({ vendorId, definition }: CreateTriggerInput): Promise<ApiResult<Trigger>> {
  return apiRequest('POST', triggerApiPath(vendorId), Trigger, { body: definition });
}

export function useCreateTrigger() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTrigger,
    onSuccess: async ({ data }) => {
      client.setQueryData(automationKeys.triggers.detail(data.vendorId, data.id), data);
      await refreshTriggerViews(client);
    },
  });
}
