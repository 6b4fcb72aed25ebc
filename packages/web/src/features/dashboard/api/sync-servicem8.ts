import type { Sm8SyncResult } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { lazySchema } from '@/lib/lazy-schema.ts';

/**
 * `GET /api/Vendor/{id}/sync` (vendor Admins): copies badges, queues, categories, staff, forms and
 * materials from ServiceM8 now; the message says it is done.
 */
async function syncServiceM8(vendorId: string): Promise<ApiResult<Sm8SyncResult>> {
  return apiRequest('GET', `/Vendor/${encodeURIComponent(vendorId)}/sync`, lazySchema('Sm8SyncResult'));
}

export function useSyncServiceM8() {
  return useMutation({ mutationFn: syncServiceM8 });
}
