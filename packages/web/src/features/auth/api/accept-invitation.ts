import { type AcceptInvitationRequest, UserSession } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/**
 * `POST /api/Auth/invitation/accept`: joins the business. A new address sends its name and password;
 * an address with an account is accepted signed in as it. Answers the session.
 */
function acceptInvitation(input: AcceptInvitationRequest): Promise<UserSession> {
  return apiPost('/Auth/invitation/accept', UserSession, { body: input });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
