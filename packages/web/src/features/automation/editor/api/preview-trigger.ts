import { type PreviewRequest, PreviewResult } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { triggerApiPath } from '../../api/paths.ts';

type PreviewInput = { vendorId: string; request: PreviewRequest };

/**
 * `POST /api/vendor/{vendorId}/Trigger/preview`: the changes kept for the business over the last 30
 * days replayed through the request's `definition` (the one being edited, saved or not), with the runs
 * it would have started and the changes it would have skipped. Nothing is sent and ServiceM8 is not asked.
 */
async function previewTrigger({ vendorId, request }: PreviewInput): Promise<PreviewResult> {
  return apiPost(triggerApiPath(vendorId, 'preview'), PreviewResult, { body: request });
}

export function usePreviewTrigger() {
  return useMutation({ mutationFn: previewTrigger });
}
