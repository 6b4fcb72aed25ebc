import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { refreshEmailTemplateList, templatesPath } from '@/lib/email-templates/keys.ts';

type DeleteEmailTemplateVariables = { vendorId: string; id: string };

/**
 * `DELETE /api/Vendor/{id}/email/templates/{templateId}` (vendor Admins). Refused (409, with a sentence
 * naming the trigger) while a trigger sends the template.
 */
async function deleteEmailTemplate({ vendorId, id }: DeleteEmailTemplateVariables): Promise<ApiResult<null>> {
  return apiRequest('DELETE', templatesPath(vendorId, `/${encodeURIComponent(id)}`), z.null());
}

export function useDeleteEmailTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailTemplate,
    onSuccess: (_result, { vendorId }) => refreshEmailTemplateList(client, vendorId),
  });
}
