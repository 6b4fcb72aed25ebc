import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/Auth/password/reset/request`: emails a reset link; the same answer whether or not the address exists. */
async function requestPasswordReset(email: string): Promise<string> {
  const { message } = await apiRequest('POST', '/Auth/password/reset/request', z.null(), { body: { email } });
  return message ?? 'If that address has an account, a link to choose a new password is on its way.';
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
