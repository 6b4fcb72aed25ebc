import { EmailTemplate } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api-client.ts';
import { editorKeys } from './keys.ts';

/** `GET /api/Vendor/{id}/email/templates/fetch`: the vendor's email templates, sorted by name. */
async function getEmailTemplates(vendorId: string, signal?: AbortSignal): Promise<EmailTemplate[]> {
  return apiGet(`/Vendor/${encodeURIComponent(vendorId)}/email/templates/fetch`, z.array(EmailTemplate), { signal });
}

function getEmailTemplatesQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: editorKeys.emailTemplates(vendorId),
    queryFn: ({ signal }) => getEmailTemplates(vendorId, signal),
  });
}

export function useEmailTemplates(vendorId: string) {
  return useQuery(getEmailTemplatesQueryOptions(vendorId));
}
