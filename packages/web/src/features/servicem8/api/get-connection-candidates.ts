import { Sm8ConnectionCandidates } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

/**
 * `GET /api/Auth/servicem8/vendors?connection=<id>`: the ServiceM8 account to activate, whether a business uses it, and
 * for a signed-in person the businesses it could be connected to (contract `servicem8-connect.ts`, step 3).
 */
function getConnectionCandidates(connection: string, signal?: AbortSignal): Promise<Sm8ConnectionCandidates> {
  return apiGet('/Auth/servicem8/vendors', Sm8ConnectionCandidates, { query: { connection }, signal });
}

/** `signedInAs`: the signed-in user's id, as the answer depends on who asks. */
function getConnectionCandidatesQueryOptions(connection: string, signedInAs: string | null) {
  return queryOptions({
    queryKey: ['servicem8', 'connection', connection, signedInAs],
    queryFn: ({ signal }) => getConnectionCandidates(connection, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** `enabled` false once the sign-in is used (the server would answer that it no longer has it). */
export function useConnectionCandidates(connection: string, signedInAs: string | null, { enabled = true } = {}) {
  return useQuery({ ...getConnectionCandidatesQueryOptions(connection, signedInAs), enabled });
}
