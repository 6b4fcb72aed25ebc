import {
  AdminVendorDetail,
  AdminVendorRow,
  type SearchPage,
  type SearchQueryInput,
  type SetVendorSuspensionRequest,
  Sm8SyncResult,
  Sm8WebhookCheck,
  searchPage,
  toSearchParams,
} from '@automate/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest } from '@/lib/api-client.ts';

/** The super admin's vendors: `/api/Admin/vendors…`, and the vendor's own ServiceM8 calls acted on for it. */

const adminVendorKeys = {
  all: ['vendors', 'admin'] as const,
  search: (query: SearchQueryInput) => ['vendors', 'admin', 'search', query] as const,
  detail: (id: string) => ['vendors', 'admin', 'detail', id] as const,
};

const VendorPage = searchPage(AdminVendorRow);

/** Filterable by name, sm8Connected, hasCurrentSubscription, currentSubscriptionType, automationsSuspended; sortable by those. */
export function useAdminVendorSearch(query: SearchQueryInput) {
  return useQuery(
    queryOptions({
      queryKey: adminVendorKeys.search(query),
      queryFn: ({ signal }): Promise<SearchPage<AdminVendorRow>> =>
        apiGet('/Admin/vendors/search', VendorPage, { query: toSearchParams(query), signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useAdminVendor(id: string) {
  return useQuery(
    queryOptions({
      queryKey: adminVendorKeys.detail(id),
      queryFn: ({ signal }) => apiGet(`/Admin/vendors/${encodeURIComponent(id)}`, AdminVendorDetail, { signal }),
    }),
  );
}

const vendorPath = (id: string, rest: string) => `/Vendor/${encodeURIComponent(id)}${rest}`;

/** What the vendor page's header does; each answers a sentence, and the vendor is read again after. */
export type VendorAction =
  | { kind: 'resync' }
  | { kind: 'check-webhooks' }
  | { kind: 'disconnect' }
  | { kind: 'suspension'; request: SetVendorSuspensionRequest };

/** Performs the action; what the header needs of the answer is its sentence. */
function perform(id: string, action: VendorAction): Promise<{ message: string | undefined }> {
  switch (action.kind) {
    case 'resync':
      return apiRequest('GET', vendorPath(id, '/sync'), Sm8SyncResult);
    case 'check-webhooks':
      return apiRequest('POST', vendorPath(id, '/servicem8/webhooks/check'), Sm8WebhookCheck);
    case 'disconnect':
      return apiRequest('DELETE', vendorPath(id, '/servicem8'), z.object({ disconnected: z.literal(true) }));
    case 'suspension':
      return apiRequest('POST', `/Admin/vendors/${encodeURIComponent(id)}/suspension`, AdminVendorDetail, {
        body: action.request,
      });
  }
}

export function useVendorAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: VendorAction) => perform(id, action),
    onSettled: () => client.invalidateQueries({ queryKey: ['vendors'] }),
  });
}
