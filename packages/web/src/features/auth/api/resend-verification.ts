import { useAction } from '@/lib/use-action.ts';
import { loadSignInRequests } from './login.ts';

const resendVerification = async (email: string) => (await loadSignInRequests()).resendVerification(email);

export function useResendVerification() {
  return useAction(resendVerification);
}
