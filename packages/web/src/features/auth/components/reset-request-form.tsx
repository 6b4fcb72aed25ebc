import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
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
      <Stack spacing={2}>
        <Typography color="text.secondary">
          Enter the email address you sign in with and we will send you a link to choose a new password.
        </Typography>
        {request.isError && shown === undefined ? (
          <Alert severity="error">{getErrorMessage(request.error, 'The link could not be sent.')}</Alert>
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
          required
          fullWidth
          autoFocus
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={request.isPending}
          startIcon={request.isPending ? <CircularProgress size={18} color="inherit" /> : null}
        >
          {request.isPending ? 'Sending…' : 'Send reset link'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Remembered it? <Link href="/auth/login">Sign in</Link>
        </Typography>
      </Stack>
    </Box>
  );
}
