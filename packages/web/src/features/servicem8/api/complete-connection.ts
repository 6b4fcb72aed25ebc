import { type CompleteSm8ConnectionRequest, Sm8SignInOutcome } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/**
 * `POST /api/Auth/servicem8/complete`: activates the chosen ServiceM8 account. Signed in, it connects
 * a business of the caller and keeps them signed in; otherwise it may sign the account owner in, or
 * answer `SignInNeeded` when an existing Automate account must be proven first.
 */
function completeConnection(input: CompleteSm8ConnectionRequest): Promise<Sm8SignInOutcome> {
  return apiPost('/Auth/servicem8/complete', Sm8SignInOutcome, { body: input });
}

export function useCompleteConnection() {
  return useMutation({ mutationFn: completeConnection });
}
