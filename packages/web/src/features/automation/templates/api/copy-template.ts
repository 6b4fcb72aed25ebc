import { TemplateCopy, type TemplateCopyRequest, UnresolvedReference } from '@automate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isApiError } from '@/lib/api-client.ts';
import { automationKeys, refreshTriggerViews } from '../../api/keys.ts';
import { templateApiPath } from './keys.ts';

type CopyInput = { templateId: string; vendorId: string; request: TemplateCopyRequest };

/**
 * `POST /api/TriggerTemplate/{id}/copy/{vendorId}`: a new, disabled trigger on the vendor's own records.
 * 409 when some records do not match: `unresolvedOf` reads them from the error.
 */
export function useCopyTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, vendorId, request }: CopyInput) =>
      apiRequest('POST', templateApiPath(templateId, 'copy', vendorId), TemplateCopy, { body: request }),
    onSuccess: async ({ data }) => {
      client.setQueryData(automationKeys.triggers.detail(data.trigger.vendorId, data.trigger.id), data.trigger);
      await refreshTriggerViews(client);
    },
  });
}

/** The records a refused copy lists (the 409 answer's `unresolved`), or null for any other failure. */
export function unresolvedOf(error: unknown): UnresolvedReference[] | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = z.array(UnresolvedReference).safeParse(error.body.unresolved);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}
