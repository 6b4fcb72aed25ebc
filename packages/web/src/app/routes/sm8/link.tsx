import type { Sm8SignedIn } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '@/components/ui/form-card.tsx';
import { ConfirmLinkStep } from '@/features/servicem8/components/confirm-link-step.tsx';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/session/access.ts';
import { useSessionStore } from '@/lib/session/session.ts';

/**
 * /sm8/link?claim=…&token=…&userId=…: the mailed link that proves an address and links a ServiceM8 login.
 * The session acts only for the business of that ServiceM8 account, as one begun from ServiceM8 does.
 */
export function Sm8LinkRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSessionStore();
  const claim = params.get('claim');
  const token = params.get('token');
  const userId = params.get('userId');

  const onLinked = useCallback(
    (outcome: Sm8SignedIn) => {
      session.autologin(outcome.session);
      session.setVendorContext(outcome.vendorId);
      navigate(DEFAULT_SIGNED_IN_PATH, { replace: true });
    },
    [navigate, session],
  );

  return (
    <FormCard title="Link ServiceM8">
      {claim && token && userId ? (
        <ConfirmLinkStep
          claim={claim}
          proof={{ token, userId }}
          onLinked={onLinked}
          onCancel={() => navigate('/auth/login', { replace: true })}
        />
      ) : (
        <Stack spacing={2}>
          <Alert severity="error">
            This link is incomplete. Open the link in the email again, or open Automate from ServiceM8 again.
          </Alert>
          <Button href="/auth/login" variant="outlined">
            Go to sign-in
          </Button>
        </Stack>
      )}
    </FormCard>
  );
}
