import { Sm8Identity } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api-client.ts';

export const SM8_IDENTITIES_KEY = ['profile', 'servicem8-identities'] as const;

/** `GET /api/User/servicem8/identities`: the ServiceM8 sign-ins linked to the signed-in user. */
function getSm8Identities(signal?: AbortSignal): Promise<Sm8Identity[]> {
  return apiGet('/User/servicem8/identities', z.array(Sm8Identity), { signal });
}

function getSm8IdentitiesQueryOptions() {
  return queryOptions({ queryKey: SM8_IDENTITIES_KEY, queryFn: ({ signal }) => getSm8Identities(signal) });
}

export function useSm8Identities() {
  return useQuery(getSm8IdentitiesQueryOptions());
}
