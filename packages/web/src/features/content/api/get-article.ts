import { Article } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { contentKeys } from './keys.ts';

/** `GET /api/Content/article/{id}`: a published article, or a draft for super admins; 404 otherwise. */
async function getArticle(id: string, signal?: AbortSignal): Promise<Article> {
  return apiGet(`/Content/article/${encodeURIComponent(id)}`, Article, { signal });
}

function getArticleQueryOptions(id: string) {
  return queryOptions({
    queryKey: contentKeys.articles.detail(id),
    queryFn: ({ signal }) => getArticle(id, signal),
  });
}

export function useArticle(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getArticleQueryOptions(id), enabled });
}
