import { TriggerRunDetail } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { automationKeys } from './keys.ts';
import { triggerApiPath } from './paths.ts';
import { isUnfinishedRun, UNFINISHED_RUN_REFRESH_MS } from './search-runs.ts';

/** `GET /api/vendor/{vendorId}/Trigger/runs/{runId}`: the run with its step log. */
async function getRun(vendorId: string, runId: string, signal?: AbortSignal): Promise<TriggerRunDetail> {
  return apiGet(triggerApiPath(vendorId, 'runs', runId), TriggerRunDetail, { signal });
}

function getRunQueryOptions(vendorId: string, runId: string) {
  return queryOptions({
    queryKey: automationKeys.runs.detail(vendorId, runId),
    queryFn: ({ signal }) => getRun(vendorId, runId, signal),
    refetchInterval: (query) =>
      query.state.data && isUnfinishedRun(query.state.data) ? UNFINISHED_RUN_REFRESH_MS : false,
  });
}

export function useRun(vendorId: string, runId: string, { enabled = true } = {}) {
  return useQuery({ ...getRunQueryOptions(vendorId, runId), enabled });
}
