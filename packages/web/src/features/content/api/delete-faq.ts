import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { refreshFaqViews } from './keys.ts';

/** `DELETE /api/Content/faq/{id}` (super admins). */
async function deleteFaq(id: string): Promise<ApiResult<null>> {
  return apiRequest('DELETE', `/Content/faq/${encodeURIComponent(id)}`, z.null());
}

export function useDeleteFaq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFaq,
    onSuccess: () => refreshFaqViews(client),
  });
}
