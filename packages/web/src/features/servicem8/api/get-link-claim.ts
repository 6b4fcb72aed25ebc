import { Sm8LinkClaimSummary } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /api/Auth/servicem8/link?claim=`: which ServiceM8 staff member and account a link concerns. */
function getLinkClaim(claim: string, signal?: AbortSignal): Promise<Sm8LinkClaimSummary> {
  return apiGet('/Auth/servicem8/link', Sm8LinkClaimSummary, { query: { claim }, signal });
}

function getLinkClaimQueryOptions(claim: string) {
  return queryOptions({
    queryKey: ['servicem8', 'link-claim', claim],
    queryFn: ({ signal }) => getLinkClaim(claim, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useLinkClaim(claim: string) {
  return useQuery(getLinkClaimQueryOptions(claim));
}
