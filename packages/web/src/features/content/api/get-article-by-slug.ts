import type { Article } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { lazySchema } from '@/lib/lazy-schema.ts';
import { contentKeys } from './keys.ts';

/**
 * `GET /api/Content/article/category/{category}/{slug}` → `{ article: Article | null }` (the path
 * the server's OpenAPI document gives). The changelog is category `communication`, slug
 * `changelog`; the legal pages are `legal/privacy-policy` and `legal/terms-and-conditions`. Null when there
 * is no such published article (super admins also get drafts).
 */
export async function getArticleBySlug(category: string, slug: string, signal?: AbortSignal): Promise<Article | null> {
  const path = `/Content/article/category/${encodeURIComponent(category)}/${encodeURIComponent(slug)}`;
  const { article } = await apiGet(path, lazySchema('ArticleBySlug'), { signal });
  return article;
}

function getArticleBySlugQueryOptions(category: string, slug: string) {
  return queryOptions({
    queryKey: contentKeys.articles.bySlug(category, slug),
    queryFn: ({ signal }) => getArticleBySlug(category, slug, signal),
  });
}

export function useArticleBySlug(category: string, slug: string) {
  return useQuery(getArticleBySlugQueryOptions(category, slug));
}
