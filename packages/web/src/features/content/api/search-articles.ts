import { Article, type SearchPage, type SearchQueryInput, searchPage, toSearchParams } from '@automate/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { contentKeys } from './keys.ts';

const ArticlePage = searchPage(Article);

/**
 * `GET /api/Content/article/search`: published articles for everyone, drafts too for super admins.
 * Filterable by category (Eq), title (ILike), published (Eq) and slug (Eq); sortable by title, updated
 * and category.
 */
async function searchArticles(query: SearchQueryInput, signal?: AbortSignal): Promise<SearchPage<Article>> {
  return apiGet('/Content/article/search', ArticlePage, { query: toSearchParams(query), signal });
}

function searchArticlesQueryOptions(query: SearchQueryInput) {
  return queryOptions({
    queryKey: contentKeys.articles.search(query),
    queryFn: ({ signal }) => searchArticles(query, signal),
    // A new page or filter keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useArticleSearch(query: SearchQueryInput, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...searchArticlesQueryOptions(query), enabled });
}
