import { type SearchQueryInput, searchPage, TriggerTemplate, toSearchParams } from '@automate/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { templateApiPath, templateKeys } from './keys.ts';

const TemplatePage = searchPage(TriggerTemplate);

/**
 * `GET /api/TriggerTemplate/search`: the library (published templates; super admins see drafts too).
 * Filterable by title, text (title and description), category, event, published and onboardingOrder.
 */
export function useTemplateSearch(query: SearchQueryInput) {
  return useQuery(
    queryOptions({
      queryKey: templateKeys.search(query),
      queryFn: ({ signal }) =>
        apiGet(templateApiPath('search'), TemplatePage, { query: toSearchParams(query), signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET /api/TriggerTemplate/search/onboarding`: the templates recommended to a new vendor, in order. */
export function useOnboardingTemplates() {
  return useQuery(
    queryOptions({
      queryKey: templateKeys.onboarding,
      queryFn: ({ signal }) =>
        apiGet(templateApiPath('search', 'onboarding'), TemplatePage, { query: { PageSize: '50' }, signal }),
    }),
  );
}
