import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/Auth/verify/resend`: a new confirmation link; the same answer whether or not the address exists. */
async function resendVerification(email: string): Promise<string> {
  const { message } = await apiRequest('POST', '/Auth/verify/resend', z.null(), { body: { email } });
  return message ?? 'If that address needs confirming, a new link is on its way.';
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
