import { Faq, type FaqInput } from '@automate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { contentKeys, refreshFaqViews } from './keys.ts';

/** `POST /api/Content/faq` (super admins): 201 with the entry. */
async function createFaq(input: FaqInput): Promise<ApiResult<Faq>> {
  return apiRequest('POST', '/Content/faq', Faq, { body: input });
}

export function useCreateFaq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createFaq,
    onSuccess: async ({ data }) => {
      client.setQueryData(contentKeys.faqs.detail(data.id), data);
      await refreshFaqViews(client);
    },
  });
}
