import type { LoginRequest } from '@automate/contract';
import { useAction } from '@/lib/use-action.ts';

/** Starts loading the sign-in requests (the form calls it on the first keystroke), so submitting waits for none. */
export const loadSignInRequests = () => import('./sign-in-requests.ts');

const login = async (input: LoginRequest) => (await loadSignInRequests()).login(input);

/** Signing in. Not a TanStack mutation: the sign-in page loads without the query library. */
export function useLogin() {
  return useAction(login);
}
