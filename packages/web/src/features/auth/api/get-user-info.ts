import type { UserSession } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { lazySchema } from '@/lib/lazy-schema.ts';

/** `GET /api/User/info`: the session as it is now (vendors, roles) with a fresh token; 401 when it is over. */
export function getUserInfo(signal?: AbortSignal): Promise<UserSession> {
  return apiGet('/User/info', lazySchema('UserSession'), { signal });
}

/** Once per sign-in and page load: the shell refreshes the stored session with it at start-up. */
function getUserInfoQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['user-info', userId],
    queryFn: ({ signal }) => getUserInfo(signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useUserInfo(userId: string | null) {
  return useQuery({ ...getUserInfoQueryOptions(userId ?? ''), enabled: userId !== null });
}
