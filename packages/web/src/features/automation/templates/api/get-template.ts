import { TriggerTemplate } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { templateApiPath, templateKeys } from './keys.ts';

/** `GET /api/TriggerTemplate/{id}`: one template; 404 for a draft unless the caller is a super admin. */
export function useTemplate(id: string, { enabled = true } = {}) {
  return useQuery(
    queryOptions({
      queryKey: templateKeys.detail(id),
      queryFn: ({ signal }) => apiGet(templateApiPath(id), TriggerTemplate, { signal }),
      enabled,
    }),
  );
}
