import { TriggerTemplate, type TriggerTemplateInput } from '@automate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { templateApiPath, templateKeys } from './keys.ts';

/**
 * `POST /api/TriggerTemplate` (no `id`: a new template, 201) or `POST /api/TriggerTemplate/{id}` (the whole
 * template replaced). Super admins only.
 */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, template }: { id: string | null; template: TriggerTemplateInput }) =>
      apiRequest('POST', id ? templateApiPath(id) : templateApiPath(), TriggerTemplate, { body: template }),
    onSuccess: async ({ data }) => {
      client.setQueryData(templateKeys.detail(data.id), data);
      await client.invalidateQueries({
        queryKey: templateKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}

/** `DELETE /api/TriggerTemplate/{id}`: triggers copied from it stay as they are. */
export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', templateApiPath(id), z.null()),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
}
