import { Health } from '@automate/contract';
import { apiGet } from '@/lib/api-client.ts';

/**
 * `GET /api/health`: whether the API, its database and its job queue are up. Imported lazily by
 * `get-health.ts`: the public pages' footer asks it, and they show before zod and the schema arrive.
 */
export function getHealth(signal?: AbortSignal): Promise<Health> {
  return apiGet('/health', Health, { signal });
}
