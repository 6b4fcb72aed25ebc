import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { refreshArticleViews } from './keys.ts';

/** `DELETE /api/Content/article/{id}` (super admins). */
async function deleteArticle(id: string): Promise<ApiResult<null>> {
  return apiRequest('DELETE', `/Content/article/${encodeURIComponent(id)}`, z.null());
}

export function useDeleteArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSuccess: () => refreshArticleViews(client),
  });
}
