import { InvitationSummary } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /api/Auth/invitation/{token}`: the business, the inviter and the role an invitation offers. */
function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationSummary> {
  return apiGet(`/Auth/invitation/${encodeURIComponent(token)}`, InvitationSummary, { signal });
}

function getInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'invitation', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useInvitation(token: string) {
  return useQuery(getInvitationQueryOptions(token));
}
