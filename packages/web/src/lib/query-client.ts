import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

const MAX_RETRIES = 2;

/** Retry only what may succeed on a second try: no answer, 408, 429 and 5xx. Never a 4xx verdict. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return true;
  if (error.code === 'INVALID_RESPONSE') return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
