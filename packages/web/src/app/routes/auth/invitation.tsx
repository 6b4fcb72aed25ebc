import type { UserSession } from '@automate/contract';
import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FormCard } from '@/components/ui/form-card.tsx';
import { AcceptInvitation } from '@/features/auth/components/accept-invitation.tsx';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/session/access.ts';
import { useSession, useSessionStore } from '@/lib/session/session.ts';
import { hasValidSession } from '@/lib/session/session-store.ts';

/** /auth/invitation/{token}: the link in an invitation to join a business. */
export function InvitationRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const session = useSessionStore();
  const state = useSession();
  const signedInAs = hasValidSession(state, Date.now()) ? state.user : null;

  const onSignedIn = useCallback((user: UserSession) => session.login(user), [session]);
  const onAccepted = useCallback(
    (user: UserSession, vendorId: string) => {
      session.login(user);
      session.setVendorContext(vendorId);
      navigate(DEFAULT_SIGNED_IN_PATH, { replace: true });
    },
    [navigate, session],
  );

  return (
    <FormCard title="Join a business">
      <AcceptInvitation token={token} signedInAs={signedInAs} onSignedIn={onSignedIn} onAccepted={onAccepted} />
    </FormCard>
  );
}
