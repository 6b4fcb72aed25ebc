import { ClientOptOut, Sm8ReferenceItem, UnsubscribePage } from '@automate/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest } from '@/lib/api-client.ts';

/** Client messaging: the vendor's opt-outs, its ServiceM8 badges (the opt-out badge picker) and the public unsubscribe page. */

const optOutsKey = (vendorId: string) => ['client-opt-outs', vendorId] as const;
const optOutsPath = (vendorId: string) => `/vendor/${encodeURIComponent(vendorId)}/OptOuts`;

/** `GET /api/vendor/{vendorId}/OptOuts`: the clients who unsubscribed, newest first. */
export function useOptOuts(vendorId: string) {
  return useQuery(
    queryOptions({
      queryKey: optOutsKey(vendorId),
      queryFn: ({ signal }) => apiGet(optOutsPath(vendorId), z.array(ClientOptOut), { signal }),
    }),
  );
}

/** `DELETE /api/vendor/{vendorId}/OptOuts/{clientUuid}`: the client gets automated messages again. */
export function useUndoOptOut(vendorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clientUuid: string) =>
      apiRequest('DELETE', `${optOutsPath(vendorId)}/${encodeURIComponent(clientUuid)}`, z.null()),
    onSettled: () => client.invalidateQueries({ queryKey: optOutsKey(vendorId) }),
  });
}

/** The vendor's ServiceM8 badges (synced reference data), by name. */
export function useBadges(vendorId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['client-messaging-badges', vendorId],
      queryFn: async ({ signal }) => {
        const items = await apiGet(
          `/Vendor/${encodeURIComponent(vendorId)}/servicem8/reference`,
          z.array(Sm8ReferenceItem),
          { signal },
        );
        // Already by name: the server lists records in picker order.
        return items.filter((item) => item.kind === 'badge' && item.active);
      },
      staleTime: 60_000,
    }),
  );
}

const unsubscribeKey = (token: string) => ['unsubscribe', token] as const;

/** `GET /api/Public/unsubscribe?token=…`: the business and the (partly hidden) address of the link. */
export function useUnsubscribePage(token: string) {
  return useQuery(
    queryOptions({
      queryKey: unsubscribeKey(token),
      queryFn: ({ signal }) => apiGet('/Public/unsubscribe', UnsubscribePage, { query: { token }, signal }),
      enabled: token !== '',
      retry: false,
    }),
  );
}

/** `POST /api/Public/unsubscribe?token=…`: the recipient confirms. */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/Public/unsubscribe', UnsubscribePage, { query: { token }, body: {} }),
    onSuccess: ({ data }) => client.setQueryData(unsubscribeKey(token), data),
  });
}
