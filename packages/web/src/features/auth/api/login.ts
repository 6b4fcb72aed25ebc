import type { LoginRequest } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';

/** Starts loading the sign-in requests (the form calls it on the first keystroke), so submitting waits for none. */
export const loadSignInRequests = () => import('./sign-in-requests.ts');

export function useLogin() {
  return useMutation({ mutationFn: async (input: LoginRequest) => (await loadSignInRequests()).login(input) });
}
