import type { UserSession } from '@automate/contract';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
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
  // Once accepted, the invitation is used: its form goes before the sign-in empties the data cache, so
  // the used invitation is not read again (the server would refuse it) on the way to the dashboard.
  const [joined, setJoined] = useState(false);

  const onSignedIn = useCallback((user: UserSession) => session.login(user), [session]);
  const onAccepted = useCallback(
    (user: UserSession, vendorId: string) => {
      setJoined(true);
      session.login(user);
      session.setVendorContext(vendorId);
      navigate(DEFAULT_SIGNED_IN_PATH, { replace: true });
    },
    [navigate, session],
  );

  return (
    <FormCard title="Join a business">
      {joined ? (
        <Typography role="status">You have joined. Opening your dashboard…</Typography>
      ) : (
        <AcceptInvitation token={token} signedInAs={signedInAs} onSignedIn={onSignedIn} onAccepted={onAccepted} />
      )}
    </FormCard>
  );
}
