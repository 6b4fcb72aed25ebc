import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api-client.ts';

/**
 * An article fetched by category and slug (SPEC.md §7): the changelog is category `communication`, slug
 * `changelog`. The content issue owns the endpoint; this is the documented shape
 * `GET /api/Content/article/category/{category}/{slug}` → `{ article: { title, content, updated } | null }`.
 * Fields are read leniently: a missing title falls back to "What's new", an unparseable `updated` is
 * ignored (SPEC.md §5).
 */
export const ArticleSummary = z.object({
  title: z.string().nullish(),
  /** Markdown. */
  content: z.string().nullish(),
  /** A timestamp string; may not parse. */
  updated: z.string().nullish(),
});
export type ArticleSummary = z.infer<typeof ArticleSummary>;

export const ArticleBySlug = z.object({ article: ArticleSummary.nullable() });
export type ArticleBySlug = z.infer<typeof ArticleBySlug>;

export async function getArticleBySlug(
  category: string,
  slug: string,
  signal?: AbortSignal,
): Promise<ArticleSummary | null> {
  const path = `/Content/article/category/${encodeURIComponent(category)}/${encodeURIComponent(slug)}`;
  const { article } = await apiGet(path, ArticleBySlug, { signal });
  return article;
}

export function getArticleBySlugQueryOptions(category: string, slug: string) {
  return queryOptions({
    queryKey: ['articles', 'by-slug', category, slug],
    queryFn: ({ signal }) => getArticleBySlug(category, slug, signal),
  });
}

export function useArticleBySlug(category: string, slug: string) {
  return useQuery(getArticleBySlugQueryOptions(category, slug));
}
