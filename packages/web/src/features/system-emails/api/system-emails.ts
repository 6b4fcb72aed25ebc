import {
  RenderedEmail,
  type SearchPage,
  type SearchQueryInput,
  SystemEmail,
  type SystemEmailInput,
  type SystemEmailUpdate,
  searchPage,
  toSearchParams,
} from '@automate/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost, apiRequest } from '@/lib/api-client.ts';

/** The platform's own emails, for super admins: `/api/Admin/emails…`. */

const systemEmailKeys = {
  all: ['system-emails'] as const,
  search: (query: SearchQueryInput) => ['system-emails', 'search', query] as const,
  detail: (id: string) => ['system-emails', 'detail', id] as const,
  preview: (template: { subject: string; body: string }) => ['system-emails', 'preview', template] as const,
};

const EmailPage = searchPage(SystemEmail);
const emailPath = (id: string, rest = '') => `/Admin/emails/${encodeURIComponent(id)}${rest}`;

/** Filterable by key (Eq) and name (ILike); sortable by name, key and updatedAt. */
export function useSystemEmailSearch(query: SearchQueryInput) {
  return useQuery(
    queryOptions({
      queryKey: systemEmailKeys.search(query),
      queryFn: ({ signal }): Promise<SearchPage<SystemEmail>> =>
        apiGet('/Admin/emails/search', EmailPage, { query: toSearchParams(query), signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useSystemEmail(id: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: systemEmailKeys.detail(id),
    queryFn: ({ signal }) => apiGet(emailPath(id), SystemEmail, { signal }),
    enabled,
  });
}

function useRefreshing<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: systemEmailKeys.all }) });
}

export const useCreateSystemEmail = () =>
  useRefreshing((input: z.input<typeof SystemEmailInput>) =>
    apiRequest('POST', '/Admin/emails', SystemEmail, { body: input }),
  );

export const useUpdateSystemEmail = () =>
  useRefreshing(({ id, input }: { id: string; input: z.input<typeof SystemEmailUpdate> }) =>
    apiRequest('POST', emailPath(id), SystemEmail, { body: input }),
  );

export const useDeleteSystemEmail = () => useRefreshing((id: string) => apiRequest('DELETE', emailPath(id), z.null()));

/** The template rendered on sample data (`POST /api/Admin/emails/preview`); a template that does not render is a 400 naming the field. */
export function useSystemEmailPreview(template: { subject: string; body: string }) {
  return useQuery({
    queryKey: systemEmailKeys.preview(template),
    queryFn: ({ signal }) => apiPost('/Admin/emails/preview', RenderedEmail, { signal, body: template }),
    enabled: template.subject.trim() !== '' && template.body.trim() !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** "Send me a test": the template as it is being edited, to the signed-in super admin. */
export function useSendTestEmail(id: string) {
  return useMutation({
    mutationFn: (template: { subject: string; body: string }) =>
      apiRequest('POST', emailPath(id, '/test'), z.object({ to: z.string() }), { body: template }),
  });
}
