import { TriggerRun } from '@automate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { refreshRunViews } from './keys.ts';
import { triggerApiPath } from './paths.ts';

/**
 * `POST …/Trigger/runs/{runId}/retry`: runs a Failed run again (the failed steps anew, the done ones
 * not repeated); any other run is refused (409) with a sentence saying why.
 */
function retryRun({ vendorId, runId }: { vendorId: string; runId: string }): Promise<ApiResult<TriggerRun>> {
  return apiRequest('POST', triggerApiPath(vendorId, 'runs', runId, 'retry'), TriggerRun);
}

const Retried = z.object({ retried: z.number().int() });

/** `POST …/Trigger/runs/retry`: retries the Failed runs among `runIds`, answering how many. */
function retryRuns({
  vendorId,
  runIds,
}: {
  vendorId: string;
  runIds: string[];
}): Promise<ApiResult<{ retried: number }>> {
  return apiRequest('POST', triggerApiPath(vendorId, 'runs', 'retry'), Retried, { body: { runIds } });
}

export function useRetryRun() {
  const client = useQueryClient();
  return useMutation({ mutationFn: retryRun, onSettled: () => refreshRunViews(client) });
}

export function useRetryRuns() {
  const client = useQueryClient();
  return useMutation({ mutationFn: retryRuns, onSettled: () => refreshRunViews(client) });
}
