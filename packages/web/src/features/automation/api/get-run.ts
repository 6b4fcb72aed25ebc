import { type TriggerRun, TriggerRunDetail } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { isUnfinishedRun, UNFINISHED_RUN_REFRESH_MS } from '@/lib/runs/search-runs.ts';
import { automationKeys } from './keys.ts';
import { triggerApiPath } from './paths.ts';

/** `GET /api/vendor/{vendorId}/Trigger/runs/{runId}`: the run with its step log. */
async function getRun(vendorId: string, runId: string, signal?: AbortSignal): Promise<TriggerRunDetail> {
  return apiGet(triggerApiPath(vendorId, 'runs', runId), TriggerRunDetail, { signal });
}

/** A run that is Running, or due within this long, is followed every `LIVE_RUN_REFRESH_MS`. */
const LIVE_WITHIN_MS = 60_000;
const LIVE_RUN_REFRESH_MS = 2_000;

/**
 * How often an open run is read again: every 2 s while it runs or is about to (a retried run, a run
 * due now), so its step log follows it as it goes; every 10 s while it waits; not once it has finished.
 */
function runRefreshInterval(run: Pick<TriggerRun, 'status' | 'dueAt'> | undefined, now = Date.now()): number | false {
  if (!run || !isUnfinishedRun(run)) return false;
  const dueSoon = Date.parse(run.dueAt) - now <= LIVE_WITHIN_MS;
  return run.status === 'Running' || dueSoon ? LIVE_RUN_REFRESH_MS : UNFINISHED_RUN_REFRESH_MS;
}

function getRunQueryOptions(vendorId: string, runId: string) {
  return queryOptions({
    queryKey: automationKeys.runs.detail(vendorId, runId),
    queryFn: ({ signal }) => getRun(vendorId, runId, signal),
    refetchInterval: (query) => runRefreshInterval(query.state.data),
  });
}

export function useRun(vendorId: string, runId: string, { enabled = true } = {}) {
  return useQuery({ ...getRunQueryOptions(vendorId, runId), enabled });
}
