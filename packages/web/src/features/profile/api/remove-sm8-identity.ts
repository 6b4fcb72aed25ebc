import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiDelete } from '@/lib/api-client.ts';
import { SM8_IDENTITIES_KEY } from './get-sm8-identities.ts';

/** `DELETE /api/User/servicem8/identities/{accountUuid}/{staffUuid}`: unlinks one ServiceM8 sign-in. */
async function removeSm8Identity(identity: { accountUuid: string; staffUuid: string }): Promise<void> {
  const path = `/User/servicem8/identities/${encodeURIComponent(identity.accountUuid)}/${encodeURIComponent(identity.staffUuid)}`;
  await apiDelete(path, z.null());
}

export function useRemoveSm8Identity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSm8Identity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SM8_IDENTITIES_KEY }),
  });
}
