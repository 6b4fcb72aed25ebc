import type { UserSession } from '@automate/contract';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '@/components/ui/form-card.tsx';
import type { SignedIn } from '@/features/servicem8/components/activate-account.tsx';
import { Servicem8Autologin } from '@/features/servicem8/components/servicem8-autologin.tsx';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/session/access.ts';
import { useSessionStore } from '@/lib/session/session.ts';

/** /sm8/autologin?token=…: opened from inside ServiceM8; the session is automatic (no Logout, no selector). */
export function Sm8AutologinRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSessionStore();

  const onSignedIn = useCallback(
    (user: UserSession) => {
      session.autologin(user);
      navigate(DEFAULT_SIGNED_IN_PATH, { replace: true });
    },
    [navigate, session],
  );
  const onPasswordSignIn = useCallback((user: UserSession) => session.login(user), [session]);
  const onLinked = useCallback(
    (outcome: SignedIn) => {
      session.login(outcome.session);
      if (outcome.vendorId) session.setVendorContext(outcome.vendorId);
      navigate(DEFAULT_SIGNED_IN_PATH, { replace: true });
    },
    [navigate, session],
  );

  return (
    <FormCard title="Opening Automate">
      <Servicem8Autologin
        token={params.get('token')}
        onSignedIn={onSignedIn}
        onPasswordSignIn={onPasswordSignIn}
        onLinked={onLinked}
      />
    </FormCard>
  );
}
