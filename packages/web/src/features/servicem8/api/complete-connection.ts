import { UserSession } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

export type CompleteConnectionInput = { connection: string; accountUuid: string };

/**
 * `POST /api/Auth/servicem8/complete`: activates the chosen ServiceM8 account, connects its vendor and
 * signs the person in (the answer is the session to store).
 */
export function completeConnection(input: CompleteConnectionInput): Promise<UserSession> {
  return apiPost('/Auth/servicem8/complete', UserSession, { body: input });
}

export function useCompleteConnection() {
  return useMutation({ mutationFn: completeConnection });
}
