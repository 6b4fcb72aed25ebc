import { AutomationResults } from '@automate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { automationKeys } from './keys.ts';
import { triggerApiPath } from './paths.ts';

/** `GET …/Trigger/{id}/results`: what followed the automation's runs (kept under the runs' key). */
export function useAutomationResults(vendorId: string, triggerId: string) {
  return useQuery({
    queryKey: [...automationKeys.runs.all, 'results', vendorId, triggerId] as const,
    queryFn: ({ signal }) => apiGet(triggerApiPath(vendorId, triggerId, 'results'), AutomationResults, { signal }),
  });
}
