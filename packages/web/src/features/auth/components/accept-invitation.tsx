import type { InvitationSummary, UserSession } from '@automate/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert.tsx';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { readerClock } from '@/lib/vendor-time.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useInvitation } from '../api/get-invitation.ts';
import { useLogin } from '../api/login.ts';
import { serverFieldError } from './form-rules.ts';

/**
 * The page an invitation email links to. An address with an account joins signed in as that account
 * (signing in here first if needed); a new address chooses its name and password here.
 * `onAccepted` gets the session and the id of the business joined.
 */
export function AcceptInvitation({
  token,
  signedInAs,
  onSignedIn,
  onAccepted,
}: {
  token: string;
  signedInAs: UserSession | null;
  onSignedIn: (user: UserSession) => void;
  onAccepted: (user: UserSession, vendorId: string) => void;
}) {
  const invitation = useInvitation(token);
  if (invitation.isPending) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} />
        <Typography>Reading your invitation…</Typography>
      </Stack>
    );
  }
  if (invitation.isError) {
    return (
      <Stack spacing={2}>
        <ErrorAlert error={invitation.error} fallback="This invitation could not be read." />
        <Button href="/auth/login" variant="outlined">
          Go to sign-in
        </Button>
      </Stack>
    );
  }
  const summary = invitation.data;
  const accept = (user: UserSession) => onAccepted(user, summary.vendorId);
  return (
    <Stack spacing={2}>
      <Typography>
        {summary.inviterName} invited <strong>{summary.email}</strong> to join <strong>{summary.vendorName}</strong> as{' '}
        {summary.role}.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The invitation is open until {readerClock(summary.expiresAt)}.
      </Typography>
      {summary.hasAccount ? (
        <JoinWithAccount
          token={token}
          summary={summary}
          signedInAs={signedInAs}
          onSignedIn={onSignedIn}
          onAccepted={accept}
        />
      ) : (
        <JoinWithNewAccount token={token} onAccepted={accept} />
      )}
    </Stack>
  );
}

function JoinWithAccount({
  token,
  summary,
  signedInAs,
  onSignedIn,
  onAccepted,
}: {
  token: string;
  summary: InvitationSummary;
  signedInAs: UserSession | null;
  onSignedIn: (user: UserSession) => void;
  onAccepted: (user: UserSession) => void;
}) {
  const accept = useAcceptInvitation();
  const login = useLogin();
  const [password, setPassword] = useState('');
  const isInvitee = signedInAs !== null && signedInAs.email.toLowerCase() === summary.email.toLowerCase();

  if (isInvitee) {
    return (
      <Stack spacing={2}>
        <ErrorAlert error={accept.error} fallback="The invitation could not be accepted." />
        <PendingButton
          variant="contained"
          pending={accept.isPending}
          pendingText="Joining…"
          onClick={() => accept.mutate({ token }, { onSuccess: onAccepted })}
        >
          {`Accept and join ${summary.vendorName}`}
        </PendingButton>
      </Stack>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return;
    login.mutate({ email: summary.email, password }, { onSuccess: onSignedIn });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Sign in to accept">
      <Stack spacing={2}>
        <Typography>
          {signedInAs
            ? `You are signed in as ${signedInAs.email}. Sign in as ${summary.email} to accept.`
            : `Sign in as ${summary.email} to accept.`}
        </Typography>
        <ErrorAlert error={login.error} fallback="Sign-in failed. Please try again." />
        <TextField label="Email" value={summary.email} slotProps={{ input: { readOnly: true } }} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <Button type="submit" variant="contained" disabled={login.isPending || password === ''}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
        <Button href="/auth/reset" variant="text">
          Forgot your password?
        </Button>
      </Stack>
    </Box>
  );
}

function JoinWithNewAccount({ token, onAccepted }: { token: string; onAccepted: (user: UserSession) => void }) {
  const accept = useAcceptInvitation();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== repeat);
    if (password !== repeat) return;
    accept.mutate({ token, firstName, lastName, password }, { onSuccess: onAccepted });
  };
  const fieldError = (field: string) => serverFieldError(accept.error, field);
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Create your account">
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          Create your account
        </Typography>
        <ErrorAlert
          error={fieldError('firstName') || fieldError('lastName') || fieldError('password') ? null : accept.error}
          fallback="The invitation could not be accepted."
        />
        <TextField
          label="First name"
          autoComplete="given-name"
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          error={Boolean(fieldError('firstName'))}
          helperText={fieldError('firstName')}
          required
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          error={Boolean(fieldError('lastName'))}
          helperText={fieldError('lastName')}
          required
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(fieldError('password'))}
          helperText={fieldError('password') ?? 'At least 10 characters, with a letter and a digit.'}
          required
        />
        <PasswordField
          label="Repeat the password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          error={mismatch}
          helperText={mismatch ? 'The two passwords differ.' : undefined}
          required
        />
        <PendingButton type="submit" variant="contained" pending={accept.isPending} pendingText="Joining…">
          Create account and join
        </PendingButton>
      </Stack>
    </Box>
  );
}
