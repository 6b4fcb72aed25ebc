import { EmailTemplate, type EmailTemplateInput } from '@automate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { emailTemplateKeys, refreshEmailTemplateList, templatesPath } from '@/lib/email-templates/keys.ts';

type CreateEmailTemplateVariables = { vendorId: string; input: EmailTemplateInput };

/**
 * `POST /api/Vendor/{id}/email/templates` (vendor Admins): 201 with the template. A text with an unknown
 * merge field is refused with `errors.subject` or `errors.body`; a taken name is a 409 with `errors.name`.
 */
async function createEmailTemplate({
  vendorId,
  input,
}: CreateEmailTemplateVariables): Promise<ApiResult<EmailTemplate>> {
  return apiRequest('POST', templatesPath(vendorId), EmailTemplate, { body: input });
}

export function useCreateEmailTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createEmailTemplate,
    onSuccess: async ({ data }, { vendorId }) => {
      client.setQueryData(emailTemplateKeys.detail(vendorId, data.id), data);
      await refreshEmailTemplateList(client, vendorId);
    },
  });
}
