import { Sm8BusinessConfirmed } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/** `POST /api/Auth/servicem8/business/confirm`: the emailed link confirms the new owner, creating their business. */
function confirmBusiness(input: { token: string; userId: string }): Promise<Sm8BusinessConfirmed> {
  return apiPost('/Auth/servicem8/business/confirm', Sm8BusinessConfirmed, { body: input });
}

export function useConfirmBusiness() {
  return useMutation({ mutationFn: confirmBusiness });
}
