import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

const MAX_RETRIES = 2;

/** Retry only what may succeed on a second try: no answer, 408, 429 and 5xx. Never a 4xx verdict. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return true;
  if (error.code === 'INVALID_RESPONSE') return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export type QueryClientOptions = {
  /** Called when a query (a background call) answers 401: the session is over. */
  onUnauthenticated?: () => void;
};

export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error) && error.status === 401) options.onUnauthenticated?.();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
