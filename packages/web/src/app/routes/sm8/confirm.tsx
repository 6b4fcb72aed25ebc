import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '@/components/ui/form-card.tsx';
import { useConfirmBusiness } from '@/features/servicem8/api/confirm-business.ts';
import { getErrorMessage } from '@/lib/api-client.ts';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/session/access.ts';
import { useSessionStore } from '@/lib/session/session.ts';

/**
 * /sm8/confirm?token=…&userId=…: the link mailed to the owner of a business asked for with "Sign in with
 * ServiceM8". Opening it confirms the address, creates and connects the business, and signs them in.
 */
export function Sm8ConfirmRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSessionStore();
  const confirm = useConfirmBusiness();
  const token = params.get('token');
  const userId = params.get('userId');
  // The link works once: React may run the effect twice, so it is sent the first time only.
  const sent = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || !userId || sent.current) return;
    sent.current = true;
    mutate(
      { token, userId },
      {
        onSuccess: (confirmed) => {
          session.login(confirmed.session);
          if (confirmed.vendorId) {
            session.setVendorContext(confirmed.vendorId);
            navigate('/sm8/activated', { replace: true });
          }
        },
      },
    );
  }, [token, userId, mutate, session, navigate]);

  return (
    <FormCard title="Confirm your email address">
      {!token || !userId ? (
        <Alert severity="error">This link is incomplete. Open the link in the email again.</Alert>
      ) : confirm.isError ? (
        <Stack spacing={2}>
          <Alert severity="error">{getErrorMessage(confirm.error, 'This link could not be used.')}</Alert>
          <Button href="/auth/login" variant="outlined">
            Go to sign-in
          </Button>
        </Stack>
      ) : confirm.data && !confirm.data.vendorId ? (
        <Stack spacing={2}>
          <Alert severity="warning">{confirm.data.message}</Alert>
          <Button href={DEFAULT_SIGNED_IN_PATH} variant="contained">
            Go to the dashboard
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>Confirming your address and connecting ServiceM8…</Typography>
        </Stack>
      )}
    </FormCard>
  );
}
