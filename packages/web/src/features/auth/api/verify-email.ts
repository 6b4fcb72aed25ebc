import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

export type TokenLink = { token: string; userId: string };

/** `POST /api/Auth/verify`: confirms the address with the emailed link; answers the server's sentence. */
async function verifyEmail(link: TokenLink): Promise<string> {
  const { message } = await apiRequest('POST', '/Auth/verify', z.null(), { body: link });
  return message ?? 'Your email address is confirmed. You can sign in now.';
}

/**
 * The link is used once, when the page opens. It is a query (not a mutation) so that mounting twice
 * (React's development checks, a re-render) sends it once: the answer is cached for the page's life.
 */
function getVerifyEmailQueryOptions(link: TokenLink) {
  return queryOptions({
    queryKey: ['auth', 'verify-email', link.userId, link.token],
    queryFn: () => verifyEmail(link),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useVerifyEmail(link: TokenLink) {
  return useQuery(getVerifyEmailQueryOptions(link));
}
