import { EmailTemplate, type EmailTemplateInput } from '@automate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { emailTemplateKeys, refreshEmailTemplateList, templatesPath } from '@/lib/email-templates/keys.ts';

type UpdateEmailTemplateVariables = { vendorId: string; id: string; input: EmailTemplateInput };

/** `POST /api/Vendor/{id}/email/templates/{templateId}` (vendor Admins): changes the template and answers it. */
async function updateEmailTemplate({
  vendorId,
  id,
  input,
}: UpdateEmailTemplateVariables): Promise<ApiResult<EmailTemplate>> {
  return apiRequest('POST', templatesPath(vendorId, `/${encodeURIComponent(id)}`), EmailTemplate, { body: input });
}

export function useUpdateEmailTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateEmailTemplate,
    onSuccess: async ({ data }, { vendorId }) => {
      client.setQueryData(emailTemplateKeys.detail(vendorId, data.id), data);
      await refreshEmailTemplateList(client, vendorId);
    },
  });
}
