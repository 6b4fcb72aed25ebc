import { Faq, type FaqInput } from '@automate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '@/lib/api-client.ts';
import { contentKeys, refreshFaqViews } from './keys.ts';

/** `POST /api/Content/faq/{id}` (super admins): changes the entry and answers it. */
async function updateFaq({ id, input }: { id: string; input: FaqInput }): Promise<ApiResult<Faq>> {
  return apiRequest('POST', `/Content/faq/${encodeURIComponent(id)}`, Faq, { body: input });
}

export function useUpdateFaq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateFaq,
    onSuccess: async ({ data }) => {
      client.setQueryData(contentKeys.faqs.detail(data.id), data);
      await refreshFaqViews(client);
    },
  });
}
