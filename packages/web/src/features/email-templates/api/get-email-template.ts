import { EmailTemplate } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { emailTemplateKeys, templatesPath } from '@/lib/email-templates/keys.ts';

/** `GET /api/Vendor/{id}/email/templates/{templateId}` (vendor members); 404 when the vendor has no such template. */
async function getEmailTemplate(vendorId: string, id: string, signal?: AbortSignal): Promise<EmailTemplate> {
  return apiGet(templatesPath(vendorId, `/${encodeURIComponent(id)}`), EmailTemplate, { signal });
}

function getEmailTemplateQueryOptions(vendorId: string, id: string) {
  return queryOptions({
    queryKey: emailTemplateKeys.detail(vendorId, id),
    queryFn: ({ signal }) => getEmailTemplate(vendorId, id, signal),
  });
}

export function useEmailTemplate(vendorId: string, id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEmailTemplateQueryOptions(vendorId, id), enabled });
}
