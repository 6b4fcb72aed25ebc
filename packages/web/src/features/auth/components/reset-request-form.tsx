import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '@/components/ui/error-alert.tsx';
import { HydratedFieldset } from '@/components/ui/hydrated-fieldset.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { EmailField, FormFooterLink } from './auth-fields.tsx';
import { useEmailRequest } from './use-email-request.ts';

/** Asks for a link to choose a new password. */
export function ResetRequestForm() {
  const request = useRequestPasswordReset();
  const { email, setEmail, submit, fieldError: shown } = useEmailRequest(request);

  if (request.isSuccess) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status" data-testid="reset-request-success">
          {request.data}
        </Alert>
        <Button href="/auth/login" variant="contained">
          Back to sign in
        </Button>
      </Stack>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Reset your password">
      <HydratedFieldset legend="Your email address">
        <Stack spacing={2}>
          <Typography color="text.secondary">
            Enter the email address you sign in with and we will send you a link to choose a new password.
          </Typography>
          <ErrorAlert error={shown === undefined ? request.error : null} fallback="The link could not be sent." />
          <EmailField value={email} onChange={setEmail} error={shown} required autoFocus />
          <PendingButton
            type="submit"
            variant="contained"
            size="large"
            pending={request.isPending}
            pendingText="Sending…"
          >
            Send reset link
          </PendingButton>
          <FormFooterLink question="Remembered it?" href="/auth/login">
            Sign in
          </FormFooterLink>
        </Stack>
      </HydratedFieldset>
    </Box>
  );
}
