import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { automationKeys, refreshRunViews, refreshTriggerViews } from './keys.ts';
import { triggerApiPath } from './paths.ts';

type DeleteTriggerInput = { vendorId: string; triggerId: string };

/** `DELETE /api/vendor/{vendorId}/Trigger/{triggerId}`: its versions, runs and attachments go with it. */
async function deleteTrigger({ vendorId, triggerId }: DeleteTriggerInput): Promise<ApiResult<null>> {
  return apiRequest('DELETE', triggerApiPath(vendorId, triggerId), z.null());
}

export function useDeleteTrigger() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTrigger,
    onSuccess: async (_result, { vendorId, triggerId }) => {
      client.removeQueries({ queryKey: automationKeys.triggers.detail(vendorId, triggerId), exact: true });
      await Promise.all([refreshTriggerViews(client), refreshRunViews(client)]);
    },
  });
}
