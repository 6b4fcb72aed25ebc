import { UserSession } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/** `POST /api/Auth/login`: proves an existing Automate account before a ServiceM8 sign-in is linked to it. */
function passwordSignIn(input: { email: string; password: string }): Promise<UserSession> {
  return apiPost('/Auth/login', UserSession, { body: input });
}

export function usePasswordSignIn() {
  return useMutation({ mutationFn: passwordSignIn });
}
