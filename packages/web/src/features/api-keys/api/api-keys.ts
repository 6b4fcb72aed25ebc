import { ApiKey, type ApiKeyInput, CreatedApiKey } from '@automate/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost, apiRequest } from '@/lib/api-client.ts';

const keysKey = (vendorId: string) => ['api-keys', vendorId] as const;
const keysPath = (vendorId: string) => `/vendor/${encodeURIComponent(vendorId)}/ApiKeys`;

/** `GET /api/vendor/{vendorId}/ApiKeys`: the business's keys not revoked, with their last use. */
export function useApiKeys(vendorId: string) {
  return useQuery(
    queryOptions({
      queryKey: keysKey(vendorId),
      queryFn: ({ signal }) => apiGet(keysPath(vendorId), z.array(ApiKey), { signal }),
    }),
  );
}

/** `POST /api/vendor/{vendorId}/ApiKeys`: a new key, answered whole this once. */
export function useCreateApiKey(vendorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) => apiPost(keysPath(vendorId), CreatedApiKey, { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: keysKey(vendorId) }),
  });
}

/** `DELETE /api/vendor/{vendorId}/ApiKeys/{keyId}`: the key stops working at once. */
export function useRevokeApiKey(vendorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => apiRequest('DELETE', `${keysPath(vendorId)}/${encodeURIComponent(keyId)}`, z.null()),
    onSettled: () => client.invalidateQueries({ queryKey: keysKey(vendorId) }),
  });
}
