import type { SearchQueryInput } from '@automate/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the content feature: invalidating `articles.all` or `faqs.all` refreshes every view of them. */
export const contentKeys = {
  articles: {
    all: ['articles'] as const,
    searches: ['articles', 'search'] as const,
    search: (query: SearchQueryInput) => ['articles', 'search', query] as const,
    detail: (id: string) => ['articles', 'detail', id] as const,
    bySlugs: ['articles', 'by-slug'] as const,
    bySlug: (category: string, slug: string) => ['articles', 'by-slug', category, slug] as const,
  },
  /** Under the articles' root: a changed article refreshes the search (an FAQ change shows on the next visit). */
  helpSearch: (text: string) => ['articles', 'help-search', text] as const,
  faqs: {
    all: ['faqs'] as const,
    searches: ['faqs', 'search'] as const,
    search: (query: SearchQueryInput) => ['faqs', 'search', query] as const,
    detail: (id: string) => ['faqs', 'detail', id] as const,
  },
};

/**
 * After a change: every list and every by-slug view of articles loads again. The article's own entry is
 * set from the answer (or left alone after a delete, so the page being left does not ask for it again).
 */
export async function refreshArticleViews(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: contentKeys.articles.searches }),
    client.invalidateQueries({ queryKey: contentKeys.articles.bySlugs }),
  ]);
}

/** After a change: every list of FAQ entries loads again. */
export async function refreshFaqViews(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: contentKeys.faqs.searches });
}
