import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { ErrorAlert } from '@/components/ui/error-alert.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { useResendVerification } from '../api/resend-verification.ts';
import { EmailField } from './auth-fields.tsx';
import { useEmailRequest } from './use-email-request.ts';

/** Asks for a new confirmation link for an email address. */
export function ResendVerificationForm() {
  const resend = useResendVerification();
  const { email, setEmail, submit, fieldError: shown } = useEmailRequest(resend);

  if (resend.isSuccess) {
    return (
      <Alert severity="info" role="status">
        {resend.data}
      </Alert>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Send a new confirmation link">
      <Stack spacing={2}>
        <ErrorAlert error={shown === undefined ? resend.error : null} fallback="The link could not be sent." />
        <EmailField value={email} onChange={setEmail} error={shown} />
        <PendingButton type="submit" variant="outlined" pending={resend.isPending} pendingText="Sending…">
          Send a new link
        </PendingButton>
      </Stack>
    </Box>
  );
}
