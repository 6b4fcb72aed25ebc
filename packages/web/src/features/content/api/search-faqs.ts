import { Faq, type SearchPage, type SearchQueryInput, searchPage, toSearchParams } from '@automate/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { contentKeys } from './keys.ts';

const FaqPage = searchPage(Faq);

/**
 * `GET /api/Content/faq/search`: published entries for everyone, drafts too for super admins; sorted by
 * `sortOrder` unless told. Filterable by question (ILike), answer (ILike), sortOrder and published.
 */
async function searchFaqs(query: SearchQueryInput, signal?: AbortSignal): Promise<SearchPage<Faq>> {
  return apiGet('/Content/faq/search', FaqPage, { query: toSearchParams(query), signal });
}

function searchFaqsQueryOptions(query: SearchQueryInput) {
  return queryOptions({
    queryKey: contentKeys.faqs.search(query),
    queryFn: ({ signal }) => searchFaqs(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFaqSearch(query: SearchQueryInput) {
  return useQuery(searchFaqsQueryOptions(query));
}
