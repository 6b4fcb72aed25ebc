import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useResendVerification } from '../api/resend-verification.ts';
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
        {resend.isError && shown === undefined ? (
          <Alert severity="error">{getErrorMessage(resend.error, 'The link could not be sent.')}</Alert>
        ) : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={shown !== undefined}
          helperText={shown}
          fullWidth
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={resend.isPending}
          startIcon={resend.isPending ? <CircularProgress size={16} /> : null}
        >
          {resend.isPending ? 'Sending…' : 'Send a new link'}
        </Button>
      </Stack>
    </Box>
  );
}
