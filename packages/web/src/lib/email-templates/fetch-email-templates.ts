import { EmailTemplate } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api-client.ts';
import { emailTemplateKeys, templatesPath } from './keys.ts';

const EmailTemplateList = z.array(EmailTemplate);

/** `GET /api/Vendor/{id}/email/templates/fetch` (vendor members): all of the vendor's templates, sorted by name. */
async function fetchEmailTemplates(vendorId: string, signal?: AbortSignal): Promise<EmailTemplate[]> {
  return apiGet(templatesPath(vendorId, '/fetch'), EmailTemplateList, { signal });
}

export function fetchEmailTemplatesQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: emailTemplateKeys.list(vendorId),
    queryFn: ({ signal }) => fetchEmailTemplates(vendorId, signal),
  });
}

export function useEmailTemplates(vendorId: string) {
  return useQuery(fetchEmailTemplatesQueryOptions(vendorId));
}
