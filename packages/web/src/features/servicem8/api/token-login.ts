import { UserSession } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

/**
 * `GET /api/Auth/servicem8/tokenlogin?token=<jwt>`: signs in from inside ServiceM8 (the add-on link);
 * the session is then marked automatic.
 */
export function tokenLogin(token: string): Promise<UserSession> {
  return apiGet('/Auth/servicem8/tokenlogin', UserSession, { query: { token } });
}

export function useTokenLogin() {
  return useMutation({ mutationFn: tokenLogin });
}
