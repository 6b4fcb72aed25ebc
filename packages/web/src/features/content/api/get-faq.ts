import { Faq } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { contentKeys } from './keys.ts';

/** `GET /api/Content/faq/{id}`: a published entry, or a draft for super admins; 404 otherwise. */
async function getFaq(id: string, signal?: AbortSignal): Promise<Faq> {
  return apiGet(`/Content/faq/${encodeURIComponent(id)}`, Faq, { signal });
}

function getFaqQueryOptions(id: string) {
  return queryOptions({
    queryKey: contentKeys.faqs.detail(id),
    queryFn: ({ signal }) => getFaq(id, signal),
  });
}

export function useFaq(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getFaqQueryOptions(id), enabled });
}
