import { useMutation } from '@tanstack/react-query';
import { loadSignInRequests } from './login.ts';

export function useResendVerification() {
  return useMutation({
    mutationFn: async (email: string) => (await loadSignInRequests()).resendVerification(email),
  });
}
