import { WebAddressTestResult } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

type SendTestInput = { vendorId: string; params: Record<string, unknown> };

/**
 * `POST /api/vendor/{vendorId}/WebAddress/test`: posts a sample to the action's web address with its
 * headers and signature, and answers what came back.
 */
async function sendWebAddressTest({ vendorId, params }: SendTestInput): Promise<WebAddressTestResult> {
  return apiPost(`/vendor/${encodeURIComponent(vendorId)}/WebAddress/test`, WebAddressTestResult, { body: params });
}

export function useSendWebAddressTest() {
  return useMutation({ mutationFn: sendWebAddressTest });
}
