import type { UserSession } from '@automate/contract';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '@/components/ui/form-card.tsx';
import type { SignedIn } from '@/features/servicem8/components/activate-account.tsx';
import { Servicem8Autologin } from '@/features/servicem8/components/servicem8-autologin.tsx';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/session/access.ts';
import { useSessionStore } from '@/lib/session/session.ts';

/** The session rules of a sign-in opened from ServiceM8: automatic (no Logout, no selector) unless proven by password. */
function useOpenedFromServicem8() {
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
  return { onSignedIn, onPasswordSignIn, onLinked };
}

/** /sm8/autologin?token=…: opened from inside ServiceM8 through an add-on link carrying the event token. */
export function Sm8AutologinRoute() {
  const [params] = useSearchParams();
  return (
    <FormCard title="Opening Automate">
      <Servicem8Autologin credential={{ kind: 'token', value: params.get('token') }} {...useOpenedFromServicem8()} />
    </FormCard>
  );
}

/** /sm8/addon?code=…: the button of ServiceM8's add-on window, with a one-time code. */
export function Sm8AddonRoute() {
  const [params] = useSearchParams();
  return (
    <FormCard title="Opening Automate">
      <Servicem8Autologin credential={{ kind: 'code', value: params.get('code') }} {...useOpenedFromServicem8()} />
    </FormCard>
  );
}
