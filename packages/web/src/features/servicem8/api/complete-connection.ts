import { type CompleteSm8ConnectionRequest, Sm8ConnectOutcome } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/**
 * `POST /api/Auth/servicem8/complete`: activates the ServiceM8 account the browser authorised. Signed in,
 * it connects one of the caller's businesses (or a new one); not signed in, it asks the new owner to
 * confirm their address before the business exists. It never signs anyone in.
 */
function completeConnection(input: CompleteSm8ConnectionRequest): Promise<Sm8ConnectOutcome> {
  return apiPost('/Auth/servicem8/complete', Sm8ConnectOutcome, { body: input });
}

export function useCompleteConnection() {
  return useMutation({ mutationFn: completeConnection });
}
