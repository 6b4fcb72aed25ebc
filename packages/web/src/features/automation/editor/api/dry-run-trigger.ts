import { type DryRunRequest, DryRunResult } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { triggerApiPath } from '../../api/paths.ts';

type DryRunInput = { vendorId: string; triggerId: string | null; request: DryRunRequest };

/**
 * `POST /api/vendor/{vendorId}/Trigger/{triggerId}/dryrun`, or `Trigger/dryrun` for a trigger not saved
 * yet: the conditions and planned actions on a record read fresh from ServiceM8, nothing performed.
 * The request's `definition` (the one being edited) is tested instead of the saved one.
 */
async function dryRunTrigger({ vendorId, triggerId, request }: DryRunInput): Promise<DryRunResult> {
  const path = triggerId ? triggerApiPath(vendorId, triggerId, 'dryrun') : triggerApiPath(vendorId, 'dryrun');
  return apiPost(path, DryRunResult, { body: request });
}

export function useDryRunTrigger() {
  return useMutation({ mutationFn: dryRunTrigger });
}
