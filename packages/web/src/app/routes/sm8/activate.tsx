import type { UserSession } from '@automate/contract';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '@/components/ui/form-card.tsx';
import { ActivateAccount, type SignedIn } from '@/features/servicem8/components/activate-account.tsx';
import { useSession, useSessionStore } from '@/lib/session/session.ts';
import { hasValidSession } from '@/lib/session/session-store.ts';

/** /sm8/activate?connection=… (or ?error=…): activate the ServiceM8 account just signed in to. */
export function Sm8ActivateRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSessionStore();
  const state = useSession();
  const signedInAs = hasValidSession(state, Date.now()) ? state.user : null;

  const onSignedIn = useCallback(
    (outcome: SignedIn) => {
      // The same person when they were signed in already: this only refreshes their businesses.
      session.login(outcome.session);
      if (outcome.vendorId) session.setVendorContext(outcome.vendorId);
      navigate('/sm8/activated', { replace: true });
    },
    [navigate, session],
  );
  const onPasswordSignIn = useCallback((user: UserSession) => session.login(user), [session]);

  return (
    <FormCard title="Connect ServiceM8">
      <ActivateAccount
        connection={params.get('connection')}
        error={params.get('error')}
        signedInAs={signedInAs}
        onSignedIn={onSignedIn}
        onPasswordSignIn={onPasswordSignIn}
      />
    </FormCard>
  );
}
