import { HelpSearchHit } from '@automate/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api-client.ts';
import { contentKeys } from './keys.ts';

/** `GET /api/Content/search?q=`: published articles and FAQ entries matching over their whole text, best first. */
export function useHelpSearch(text: string) {
  return useQuery(
    queryOptions({
      queryKey: contentKeys.helpSearch(text),
      queryFn: ({ signal }) => apiGet('/Content/search', z.array(HelpSearchHit), { query: { q: text }, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}
