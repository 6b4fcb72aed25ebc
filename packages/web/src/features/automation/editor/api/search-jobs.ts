import { JobChoice } from '@automate/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api-client.ts';
import { editorKeys } from './keys.ts';

/** `GET /api/Vendor/{id}/servicem8/jobs?search=`: jobs by number, client, address or description. */
export function useJobSearch(vendorId: string, search: string, options: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: editorKeys.jobs(vendorId, search),
      queryFn: ({ signal }) =>
        apiGet(`/Vendor/${encodeURIComponent(vendorId)}/servicem8/jobs`, z.array(JobChoice), {
          query: { search },
          signal,
        }),
      enabled: options.enabled,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  );
}
