import type { Sm8SignInOutcome, UserSession } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
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
        {signIn.isError ? (
          <Alert severity="error">{getErrorMessage(signIn.error, 'Sign-in failed. Please try again.')}</Alert>
        ) : null}
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
        <Button
          type="submit"
          variant="contained"
          disabled={signIn.isPending}
          startIcon={signIn.isPending ? <CircularProgress size={18} color="inherit" /> : null}
        >
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
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
          {emailLink.isError ? (
            <Alert severity="error">{getErrorMessage(emailLink.error, 'The link could not be sent.')}</Alert>
          ) : null}
          <Button
            variant="outlined"
            onClick={() => emailLink.mutate(claim)}
            disabled={emailLink.isPending}
            startIcon={emailLink.isPending ? <CircularProgress size={16} /> : null}
          >
            {emailLink.isPending ? 'Sending…' : 'Email me a link instead'}
          </Button>
        </>
      )}
    </Stack>
  );
}
