import { Article, type ArticleInput } from '@automate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { contentKeys, refreshArticleViews } from './keys.ts';

/** `POST /api/Content/article` (super admins): 201 with the article; the slug comes from the title when left out; 409 when the category already has the slug. */
async function createArticle(input: ArticleInput): Promise<ApiResult<Article>> {
  return apiRequest('POST', '/Content/article', Article, { body: input });
}

export function useCreateArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createArticle,
    onSuccess: async ({ data }) => {
      client.setQueryData(contentKeys.articles.detail(data.id), data);
      await refreshArticleViews(client);
    },
  });
}
