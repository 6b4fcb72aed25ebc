import type { Sm8AccountChoice, UserSession } from '@automate/contract';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '@/components/ui/form-card.tsx';
import { ActivateAccount } from '@/features/servicem8/components/activate-account.tsx';
import { useSessionStore } from '@/lib/session/session.ts';

/** The vendor the activated account belongs to, once the server has signed the person in. */
function activatedVendorId(user: UserSession, account: Sm8AccountChoice): string | null {
  const byId = account.vendorId ? user.vendors.find((vendor) => vendor.vendorId === account.vendorId) : undefined;
  const byName = user.vendors.find((vendor) => vendor.name === account.name && vendor.sm8Connected);
  return byId?.vendorId ?? byName?.vendorId ?? null;
}

/** /sm8/activate?connection=… (or ?error=…): pick the ServiceM8 account to use with Automate. */
export function Sm8ActivateRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSessionStore();

  const onActivated = useCallback(
    (user: UserSession, account: Sm8AccountChoice) => {
      session.login(user);
      const vendorId = activatedVendorId(user, account);
      if (vendorId) session.setVendorContext(vendorId);
      navigate('/sm8/activated', { replace: true });
    },
    [navigate, session],
  );

  return (
    <FormCard title="Connect ServiceM8">
      <ActivateAccount connection={params.get('connection')} error={params.get('error')} onActivated={onActivated} />
    </FormCard>
  );
}
