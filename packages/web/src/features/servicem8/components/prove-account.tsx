import type { Sm8SignInOutcome, UserSession } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert.tsx';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { useEmailLink } from '../api/email-link.ts';
import { usePasswordSignIn } from '../api/password-sign-in.ts';
import { ConfirmLinkStep } from './confirm-link-step.tsx';

type SignInNeeded = Extract<Sm8SignInOutcome, { outcome: 'SignInNeeded' }>;
type SignedIn = Extract<Sm8SignInOutcome, { outcome: 'SignedIn' }>;

/**
 * ServiceM8 could not sign the person in: they prove which Automate account is theirs, with its
 * password or a link mailed to it, then confirm linking their ServiceM8 sign-in to it.
 * `onPasswordSignIn` stores the session (so the confirmation is sent signed in); `onLinked` follows.
 */
export function ProveAccount({
  needed,
  onPasswordSignIn,
  onLinked,
}: {
  needed: SignInNeeded;
  onPasswordSignIn: (user: UserSession) => void;
  onLinked: (outcome: SignedIn) => void;
}) {
  const [signedInAs, setSignedInAs] = useState<UserSession | null>(null);

  if (signedInAs && needed.claim) {
    return <ConfirmLinkStep claim={needed.claim} signedInAs={signedInAs} onLinked={onLinked} />;
  }
  return (
    <Stack spacing={2}>
      <Alert severity="info">{needed.reason}</Alert>
      <PasswordSignIn
        fixedEmail={needed.email}
        onSignedIn={(user) => {
          setSignedInAs(user);
          onPasswordSignIn(user);
        }}
      />
      {needed.claim ? <EmailLinkInstead claim={needed.claim} /> : null}
    </Stack>
  );
}

function PasswordSignIn({
  fixedEmail,
  onSignedIn,
}: {
  fixedEmail: string | null;
  onSignedIn: (user: UserSession) => void;
}) {
  const [email, setEmail] = useState(fixedEmail ?? '');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const signIn = usePasswordSignIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    signIn.mutate({ email: email.trim(), password }, { onSuccess: onSignedIn });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Sign in to Automate">
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          Sign in to Automate
        </Typography>
        <ErrorAlert error={signIn.error} fallback="Sign-in failed. Please try again." />
        {missing ? <Alert severity="error">Enter your email address and password.</Alert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          slotProps={{ input: { readOnly: fixedEmail !== null } }}
          required
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <PendingButton type="submit" variant="contained" pending={signIn.isPending} pendingText="Signing in…">
          Sign in
        </PendingButton>
      </Stack>
    </Box>
  );
}

function EmailLinkInstead({ claim }: { claim: string }) {
  const emailLink = useEmailLink();
  return (
    <Stack spacing={1}>
      <Divider>or</Divider>
      {emailLink.isSuccess ? (
        <Alert severity="success" role="status">
          {emailLink.data}
        </Alert>
      ) : (
        <>
          <ErrorAlert error={emailLink.error} fallback="The link could not be sent." />
          <PendingButton
            variant="outlined"
            onClick={() => emailLink.mutate(claim)}
            pending={emailLink.isPending}
            pendingText="Sending…"
          >
            Email me a link instead
          </PendingButton>
        </>
      )}
    </Stack>
  );
}
