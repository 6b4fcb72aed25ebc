import { ClientChoice, FormResponseChoice, JobChoice } from '@automate/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api-client.ts';
import { editorKeys } from './keys.ts';

/** The ServiceM8 records a trigger can be tested on, each searched by its own route. */
const RECORD_LISTS = {
  jobs: z.array(JobChoice),
  clients: z.array(ClientChoice),
  'form-responses': z.array(FormResponseChoice),
} as const;
export type RecordList = keyof typeof RECORD_LISTS;
export type RecordChoice<L extends RecordList> = z.infer<(typeof RECORD_LISTS)[L]>[number];

/**
 * `GET /api/Vendor/{id}/servicem8/{list}?search=`: jobs by number, client, address or description;
 * clients by name or address; submitted forms by the form's name or the job and client.
 */
export function useRecordSearch<L extends RecordList>(vendorId: string, list: L, search: string) {
  return useQuery(
    queryOptions({
      queryKey: editorKeys.records(vendorId, list, search),
      queryFn: ({ signal }): Promise<Array<RecordChoice<L>>> =>
        apiGet(`/Vendor/${encodeURIComponent(vendorId)}/servicem8/${list}`, RECORD_LISTS[list], {
          query: { search },
          signal,
        }) as Promise<Array<RecordChoice<L>>>,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  );
}
