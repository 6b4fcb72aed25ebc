import type { Sm8SignedIn } from '@automate/contract';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '@/components/ui/form-card.tsx';
import { Servicem8Autologin } from '@/features/servicem8/components/servicem8-autologin.tsx';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/session/access.ts';
import { useSessionStore } from '@/lib/session/session.ts';

/**
 * A session begun from ServiceM8 is automatic (no Logout, no vendor selector) and acts only for the
 * business of that ServiceM8 account.
 */
function useOpenedFromServicem8() {
  const navigate = useNavigate();
  const session = useSessionStore();
  return useCallback(
    (outcome: Sm8SignedIn) => {
      session.autologin(outcome.session);
      session.setVendorContext(outcome.vendorId);
      navigate(DEFAULT_SIGNED_IN_PATH, { replace: true });
    },
    [navigate, session],
  );
}

/** /sm8/autologin?token=…: opened from inside ServiceM8 through an add-on link carrying the event token. */
export function Sm8AutologinRoute() {
  const [params] = useSearchParams();
  return (
    <FormCard title="Opening Automate">
      <Servicem8Autologin
        credential={{ kind: 'token', value: params.get('token') }}
        onSignedIn={useOpenedFromServicem8()}
      />
    </FormCard>
  );
}

/** /sm8/addon?code=…: the button of ServiceM8's add-on window, with a one-time code. */
export function Sm8AddonRoute() {
  const [params] = useSearchParams();
  return (
    <FormCard title="Opening Automate">
      <Servicem8Autologin
        credential={{ kind: 'code', value: params.get('code') }}
        onSignedIn={useOpenedFromServicem8()}
      />
    </FormCard>
  );
}
