import { type LoginRequest, UserSession } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/**
 * `POST /api/Auth/login` → the session to store. Failures: 401 wrong credentials, 423 `ACCOUNT_LOCKED`,
 * 403 `EMAIL_NOT_VERIFIED` (offer a new link), 429 too many attempts.
 */
function login(input: LoginRequest): Promise<UserSession> {
  return apiPost('/Auth/login', UserSession, { body: input });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
