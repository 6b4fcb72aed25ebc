import { Sm8SignInOutcome } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

/**
 * `GET /api/Auth/servicem8/tokenlogin?token=<jwt>`: signs in the user who linked the ServiceM8 staff
 * member of the add-on link (the session is then marked automatic), or answers `LinkNeeded`.
 */
function tokenLogin(token: string): Promise<Sm8SignInOutcome> {
  return apiGet('/Auth/servicem8/tokenlogin', Sm8SignInOutcome, { query: { token } });
}

export function useTokenLogin() {
  return useMutation({ mutationFn: tokenLogin });
}
