import { Sm8ConnectionCandidates } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

/**
 * `GET /api/Auth/servicem8/vendors?connection=<id>`: who signed in at ServiceM8 and which of their
 * ServiceM8 accounts they may activate (contract `servicem8-connect.ts`, step 3).
 */
export function getConnectionCandidates(connection: string, signal?: AbortSignal): Promise<Sm8ConnectionCandidates> {
  return apiGet('/Auth/servicem8/vendors', Sm8ConnectionCandidates, { query: { connection }, signal });
}

export function getConnectionCandidatesQueryOptions(connection: string) {
  return queryOptions({
    queryKey: ['servicem8', 'connection', connection],
    queryFn: ({ signal }) => getConnectionCandidates(connection, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useConnectionCandidates(connection: string) {
  return useQuery(getConnectionCandidatesQueryOptions(connection));
}
