import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';

/** What changed per kind of reference data; the contract does not describe it, so it is read loosely. */
const SyncResult = z.record(z.string(), z.unknown());

/**
 * `GET /api/Vendor/{id}/sync` (vendor Admins): copies badges, queues, categories, staff, forms and
 * materials from ServiceM8 now; the message says it is done.
 */
async function syncServiceM8(vendorId: string): Promise<ApiResult<Record<string, unknown>>> {
  return apiRequest('GET', `/Vendor/${encodeURIComponent(vendorId)}/sync`, SyncResult);
}

export function useSyncServiceM8() {
  return useMutation({ mutationFn: syncServiceM8 });
}
