import { queryOptions, useQuery } from '@tanstack/react-query';

function getHealthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: async ({ signal }) => (await import('./health-request.ts')).getHealth(signal),
    refetchInterval: 60_000,
  });
}

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
