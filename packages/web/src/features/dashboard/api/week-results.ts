import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { lazySchema } from '@/lib/lazy-schema.ts';
import { dashboardKeys, triggerApi } from './keys.ts';

/** `GET …/Trigger/results/week`: what the business's automations did in its last 7 days. */
export function useWeekResults(vendorId: string) {
  return useQuery({
    queryKey: dashboardKeys.week(vendorId),
    queryFn: ({ signal }) => apiGet(triggerApi(vendorId, '/results/week'), lazySchema('WeekResults'), { signal }),
  });
}
