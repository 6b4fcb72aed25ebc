import type { PublicData } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * `GET /api/Public/fetchdata`: settings the app needs before sign-in (feedback form URL, support email,
 * payment key, demo mode). Shared by several features, so it lives here rather than in one of them.
 */
function getPublicData(signal?: AbortSignal): Promise<PublicData> {
  return apiGet('/Public/fetchdata', lazySchema('PublicData'), { signal });
}

function getPublicDataQueryOptions() {
  return queryOptions({
    queryKey: ['public-data'],
    queryFn: ({ signal }) => getPublicData(signal),
    // Configuration: it changes with a deploy, not while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePublicData({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPublicDataQueryOptions(), enabled });
}
