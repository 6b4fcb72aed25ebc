import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '@/components/ui/form-card.tsx';
import { getUserInfo } from '@/features/auth/api/get-user-info.ts';
import { ActivateAccount, type Connected } from '@/features/servicem8/components/activate-account.tsx';
import { useSession, useSessionStore } from '@/lib/session/session.ts';
import { hasValidSession } from '@/lib/session/session-store.ts';

/** /sm8/activate?connection=… (or ?error=…): activate the ServiceM8 account just authorised. */
export function Sm8ActivateRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSessionStore();
  const state = useSession();
  const signedInAs = hasValidSession(state, Date.now()) ? state.user : null;

  const onConnected = useCallback(
    async (outcome: Connected) => {
      // The same person, with the business they connected (or created) among their vendors now.
      session.refreshUser(await getUserInfo());
      session.setVendorContext(outcome.vendorId);
      navigate('/sm8/activated', { replace: true });
    },
    [navigate, session],
  );

  return (
    <FormCard title="Connect ServiceM8">
      <ActivateAccount
        connection={params.get('connection')}
        error={params.get('error')}
        signedInAs={signedInAs}
        onConnected={(outcome) => void onConnected(outcome)}
      />
    </FormCard>
  );
}
