import type { ResetPasswordRequest } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/Auth/password/reset`: sets the new password with the emailed link. */
async function resetPassword(input: ResetPasswordRequest): Promise<string> {
  const { message } = await apiRequest('POST', '/Auth/password/reset', z.null(), { body: input });
  return message ?? 'Your password has been changed. Sign in with the new one.';
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
