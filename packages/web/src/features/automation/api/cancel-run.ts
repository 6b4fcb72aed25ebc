import { TriggerRun } from '@automate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { refreshRunViews } from './keys.ts';
import { triggerApiPath } from './paths.ts';

type CancelRunInput = { vendorId: string; runId: string };

/**
 * `GET /api/vendor/{vendorId}/Trigger/runs/{runId}/cancel`: cancels a Scheduled run and answers it; a run
 * that has started or finished is refused (409) with a sentence saying why.
 */
async function cancelRun({ vendorId, runId }: CancelRunInput): Promise<ApiResult<TriggerRun>> {
  return apiRequest('GET', triggerApiPath(vendorId, 'runs', runId, 'cancel'), TriggerRun);
}

export function useCancelRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelRun,
    // The run's detail (with its steps) and every list of runs load again.
    onSettled: () => refreshRunViews(client),
  });
}
