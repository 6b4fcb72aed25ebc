import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import type { TokenLink } from './verify-email.ts';

/** `POST /api/Auth/password/reset/check`: whether the emailed link can still set a password (it is not used). */
async function checkResetLink(link: TokenLink): Promise<null> {
  await apiRequest('POST', '/Auth/password/reset/check', z.null(), { body: link });
  return null;
}

/** Asked once when the page opens, so a dead link says so before a new password is typed. */
export function useCheckResetLink(link: TokenLink) {
  return useQuery(
    queryOptions({
      queryKey: ['auth', 'reset-link', link.userId, link.token],
      queryFn: () => checkResetLink(link),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
  );
}
