import { type ConfirmSm8LinkRequest, Sm8SignedIn } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/**
 * `POST /api/Auth/servicem8/link`: links the claimed ServiceM8 login to the Automate account the person
 * proves with this request (its password, or the mailed link), and signs them in for that business.
 */
function confirmLink(input: ConfirmSm8LinkRequest): Promise<Sm8SignedIn> {
  return apiPost('/Auth/servicem8/link', Sm8SignedIn, { body: input });
}

export function useConfirmLink() {
  return useMutation({ mutationFn: confirmLink });
}
