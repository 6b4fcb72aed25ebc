import { type LoginRequest, UserSession } from '@automate/contract';
import { z } from 'zod';
import { apiPost, apiRequest } from '@/lib/api-client.ts';

/**
 * The requests of the sign-in page. They are imported lazily (`login.ts`, `resend-verification.ts`):
 * their schemas bring zod, which the page does not need to show itself.
 */

/**
 * `POST /api/Auth/login` → the session to store. Failures: 401 wrong credentials, 423 `ACCOUNT_LOCKED`,
 * 403 `EMAIL_NOT_VERIFIED` (offer a new link), 429 too many attempts.
 */
export function login(input: LoginRequest): Promise<UserSession> {
  return apiPost('/Auth/login', UserSession, { body: input });
}

/** `POST /api/Auth/verify/resend`: a new confirmation link; the same answer whether or not the address exists. */
export async function resendVerification(email: string): Promise<string> {
  const { message } = await apiRequest('POST', '/Auth/verify/resend', z.null(), { body: { email } });
  return message ?? 'If that address needs confirming, a new link is on its way.';
}
