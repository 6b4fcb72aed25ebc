import type { UserSession } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert.tsx';
import { HydratedFieldset } from '@/components/ui/hydrated-fieldset.tsx';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
import { loadSignInRequests, useLogin } from '../api/login.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { EmailField, FormFooterLink } from './auth-fields.tsx';
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
      <ErrorAlert error={resend.error} fallback="The link could not be sent." />
      <PendingButton
        variant="outlined"
        onClick={() => resend.mutate(email.trim())}
        pending={resend.isPending}
        pendingText="Sending…"
      >
        Send a new link
      </PendingButton>
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
    <Box component="form" noValidate onSubmit={submit} onChangeCapture={loadSignInRequests} aria-label="Sign in">
      <HydratedFieldset legend="Your email and password">
        <Stack spacing={2}>
          <ErrorAlert error={failure} fallback="Sign-in failed. Please try again." data-testid="login-error">
            {code === 'ACCOUNT_LOCKED' ? (
              <>
                {' '}
                <Link href="/auth/reset">Reset your password</Link>
              </>
            ) : null}
          </ErrorAlert>
          {code === 'EMAIL_NOT_VERIFIED' ? <ResendLink email={email} /> : null}
          <EmailField value={email} onChange={setEmail} error={fieldError('email')} required autoFocus />
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
          <PendingButton
            type="submit"
            variant="contained"
            size="large"
            pending={login.isPending}
            pendingText="Signing in…"
          >
            Sign in
          </PendingButton>
          <Divider>
            <Typography variant="body2" color="text.secondary">
              or
            </Typography>
          </Divider>
          <Button component="a" href={SERVICEM8_SIGN_IN_URL} variant="outlined" size="large">
            Sign in with ServiceM8
          </Button>
          <FormFooterLink question="New to Automate?" href="/auth/register">
            Create an account
          </FormFooterLink>
        </Stack>
      </HydratedFieldset>
    </Box>
  );
}
