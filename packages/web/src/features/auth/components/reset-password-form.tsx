import { PASSWORD_POLICY } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert.tsx';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { useCheckResetLink } from '../api/check-reset-link.ts';
import { useResetPassword } from '../api/reset-password.ts';
import type { TokenLink } from '../api/verify-email.ts';
import { compact, type FieldErrors, hasErrors, MESSAGES, serverFieldError } from './form-rules.ts';
import { checkNewPassword } from './schema-rules.ts';

type Field = 'password' | 'confirm';

/**
 * Chooses a new password with the emailed link. The link is checked when the page opens: one that is
 * not valid, used or expired says so, with the way to a new one, instead of a form that cannot work.
 */
export function ResetPasswordForm({ link }: { link: TokenLink }) {
  const check = useCheckResetLink(link);
  if (check.isPending) return <Typography role="status">Checking your link…</Typography>;
  if (check.isError) {
    return (
      <Stack spacing={2}>
        <ErrorAlert error={check.error} fallback="This link cannot be used." data-testid="reset-error" />
        <Button href="/auth/reset" variant="contained">
          Ask for a new link
        </Button>
      </Stack>
    );
  }
  return <NewPasswordForm link={link} />;
}

function NewPasswordForm({ link }: { link: TokenLink }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const reset = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = compact<Field>({
      password: checkNewPassword(password, 'New password'),
      confirm: confirm !== password ? MESSAGES.passwordsDiffer : undefined,
    });
    setErrors(found);
    if (hasErrors(found)) return;
    reset.mutate({ ...link, password });
  };

  if (reset.isSuccess) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status" data-testid="reset-success">
          {reset.data}
        </Alert>
        <Button href="/auth/login" variant="contained">
          Sign in
        </Button>
      </Stack>
    );
  }

  const passwordError = errors.password ?? serverFieldError(reset.error, 'password');
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Choose a new password">
      <Stack spacing={2}>
        <ErrorAlert
          error={passwordError === undefined ? reset.error : null}
          fallback="Your password could not be changed."
          data-testid="reset-error"
        >
          {' '}
          <Link href="/auth/reset">Ask for a new link</Link>
        </ErrorAlert>
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordError !== undefined}
          helperText={passwordError ?? PASSWORD_POLICY.message}
          required
          fullWidth
          autoFocus
        />
        <PasswordField
          label="Repeat the new password"
          name="confirm"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={errors.confirm !== undefined}
          helperText={errors.confirm}
          required
          fullWidth
        />
        <PendingButton type="submit" variant="contained" size="large" pending={reset.isPending} pendingText="Saving…">
          Set new password
        </PendingButton>
      </Stack>
    </Box>
  );
}
