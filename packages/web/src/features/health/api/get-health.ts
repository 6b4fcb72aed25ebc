import { Health } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /api/health`: whether the API, its database and its job queue are up. */
function getHealth(signal?: AbortSignal): Promise<Health> {
  return apiGet('/health', Health, { signal });
}

function getHealthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: 60_000,
  });
}

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
