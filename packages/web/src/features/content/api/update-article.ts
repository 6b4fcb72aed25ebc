import { Article, type ArticleInput } from '@automate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { contentKeys, refreshArticleViews } from './keys.ts';

/** `POST /api/Content/article/{id}` (super admins): changes the article and answers it. */
async function updateArticle({ id, input }: { id: string; input: ArticleInput }): Promise<ApiResult<Article>> {
  return apiRequest('POST', `/Content/article/${encodeURIComponent(id)}`, Article, { body: input });
}

export function useUpdateArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateArticle,
    onSuccess: async ({ data }) => {
      client.setQueryData(contentKeys.articles.detail(data.id), data);
      await refreshArticleViews(client);
    },
  });
}
