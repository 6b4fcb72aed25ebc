import { SigningSecret, WebAddressSettings } from '@automate/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client.ts';

const settingsKey = (vendorId: string) => ['web-address-settings', vendorId] as const;
const basePath = (vendorId: string) => `/vendor/${encodeURIComponent(vendorId)}/WebAddress`;

/** `GET /api/vendor/{vendorId}/WebAddress`: when the signing secret was made, and today's deliveries of the limit. */
export function useWebAddressSettings(vendorId: string) {
  return useQuery(
    queryOptions({
      queryKey: settingsKey(vendorId),
      queryFn: ({ signal }) => apiGet(basePath(vendorId), WebAddressSettings, { signal }),
    }),
  );
}

/** `POST /api/vendor/{vendorId}/WebAddress/secret`: a new signing secret, answered this once. */
export function useRotateSigningSecret(vendorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(`${basePath(vendorId)}/secret`, SigningSecret, {}),
    onSettled: () => client.invalidateQueries({ queryKey: settingsKey(vendorId) }),
  });
}
