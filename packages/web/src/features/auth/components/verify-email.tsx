import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getErrorMessage } from '@/lib/api-client.ts';
import { type TokenLink, useVerifyEmail } from '../api/verify-email.ts';
import { ResendVerificationForm } from './resend-verification-form.tsx';

/** Confirms an email address from the emailed link as soon as the page opens. */
export function VerifyEmail({ link }: { link: TokenLink }) {
  const verify = useVerifyEmail(link);

  if (verify.isPending) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} />
        <Typography>Confirming your email address…</Typography>
      </Stack>
    );
  }
  if (verify.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error" data-testid="verify-error">
          {getErrorMessage(verify.error, 'This link could not be used.')}
        </Alert>
        <Typography variant="body2" color="text.secondary">
          Ask for a new confirmation link:
        </Typography>
        <ResendVerificationForm />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Alert severity="success" role="status" data-testid="verify-success">
        {verify.data}
      </Alert>
      <Button href="/auth/login" variant="contained">
        Sign in
      </Button>
    </Stack>
  );
}
