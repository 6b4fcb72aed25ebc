import { type ConfirmSm8LinkRequest, Sm8SignInOutcome } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/**
 * `POST /api/Auth/servicem8/link`: links the ServiceM8 sign-in of the claim to the signed-in user, or,
 * with the mailed link's `proof`, to the owner of that address, and signs them in.
 */
function confirmLink(input: ConfirmSm8LinkRequest): Promise<Sm8SignInOutcome> {
  return apiPost('/Auth/servicem8/link', Sm8SignInOutcome, { body: input });
}

export function useConfirmLink() {
  return useMutation({ mutationFn: confirmLink });
}
