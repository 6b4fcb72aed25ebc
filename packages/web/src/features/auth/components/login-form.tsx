import type { UserSession } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { getErrorMessage, isApiError } from '@/lib/api-client.ts';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
import { useLogin } from '../api/login.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { checkRequired, compact, type FieldErrors, hasErrors, MESSAGES, serverFieldError } from './form-rules.ts';

type Field = 'email' | 'password';

function ResendLink({ email }: { email: string }) {
  const resend = useResendVerification();
  if (resend.isSuccess) {
    return (
      <Alert severity="info" role="status">
        {resend.data}
      </Alert>
    );
  }
  return (
    <Stack spacing={1}>
      {resend.isError ? (
        <Alert severity="error">{getErrorMessage(resend.error, 'The link could not be sent.')}</Alert>
      ) : null}
      <Button
        variant="outlined"
        onClick={() => resend.mutate(email.trim())}
        disabled={resend.isPending}
        startIcon={resend.isPending ? <CircularProgress size={16} /> : null}
      >
        {resend.isPending ? 'Sending…' : 'Send a new link'}
      </Button>
    </Stack>
  );
}

/**
 * Email and password sign-in, with "Sign in with ServiceM8". Shows the server's sentence when sign-in is
 * refused: wrong credentials, a locked account (with the way out: reset the password) or an unconfirmed
 * address (with "Send a new link").
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: UserSession) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = compact<Field>({
      email: checkRequired(email, MESSAGES.emailRequired),
      password: checkRequired(password, MESSAGES.passwordRequired),
    });
    setErrors(found);
    if (hasErrors(found)) return;
    login.mutate({ email: email.trim(), password }, { onSuccess: onSignedIn });
  };

  const failure = login.error;
  const code = isApiError(failure) ? failure.code : undefined;
  const fieldError = (field: Field) => errors[field] ?? serverFieldError(failure, field);

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Sign in">
      <Stack spacing={2}>
        {failure ? (
          <Alert severity="error" data-testid="login-error">
            {getErrorMessage(failure, 'Sign-in failed. Please try again.')}
            {code === 'ACCOUNT_LOCKED' ? (
              <>
                {' '}
                <Link href="/auth/reset">Reset your password</Link>
              </>
            ) : null}
          </Alert>
        ) : null}
        {code === 'EMAIL_NOT_VERIFIED' ? <ResendLink email={email} /> : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError('email') !== undefined}
          helperText={fieldError('email')}
          required
          fullWidth
          autoFocus
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError('password') !== undefined}
          helperText={fieldError('password')}
          required
          fullWidth
        />
        <Box sx={{ textAlign: 'right', mt: '4px !important' }}>
          <Link href="/auth/reset" variant="body2">
            Forgot your password?
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={login.isPending}
          startIcon={login.isPending ? <CircularProgress size={18} color="inherit" /> : null}
        >
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
        <Divider>
          <Typography variant="body2" color="text.secondary">
            or
          </Typography>
        </Divider>
        <Button component="a" href={SERVICEM8_SIGN_IN_URL} variant="outlined" size="large">
          Sign in with ServiceM8
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          New to Automate? <Link href="/auth/register">Create an account</Link>
        </Typography>
      </Stack>
    </Box>
  );
}
