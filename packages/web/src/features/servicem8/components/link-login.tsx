import type { Sm8SignedIn, Sm8SignInOutcome } from '@automate/contract';
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
import { useConfirmLink } from '../api/confirm-link.ts';
import { useEmailLink } from '../api/email-link.ts';
import { LinkSummary } from './link-summary.tsx';

type LinkNeeded = Extract<Sm8SignInOutcome, { outcome: 'LinkNeeded' }>;

/**
 * A staff member opened Automate from ServiceM8 and their ServiceM8 login is linked to nobody: they prove
 * their Automate account here, with its password or a link mailed to the address they give, to link it.
 */
export function LinkLogin({ needed, onLinked }: { needed: LinkNeeded; onLinked: (outcome: Sm8SignedIn) => void }) {
  const link = useConfirmLink();
  const [credentials, setCredentials] = useState({ email: '', password: '' });
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (credentials.email.trim() === '' || credentials.password === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    link.mutate(
      {
        claim: needed.claim,
        proof: { kind: 'password', email: credentials.email.trim(), password: credentials.password },
      },
      { onSuccess: (outcome) => onLinked(outcome) },
    );
  };

  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">
        Link your ServiceM8 login to Automate
      </Typography>
      <LinkSummary summary={needed} />
      {needed.staffMayJoin ? null : (
        <Typography variant="body2" color="text.secondary">
          Only members of {needed.vendorName} can link their login. If you are not one yet, ask one of its Admins to
          invite you.
        </Typography>
      )}
      <Box component="form" noValidate onSubmit={submit} aria-label="Sign in to Automate to link">
        <Stack spacing={2}>
          <ErrorAlert error={link.error} fallback="The login could not be linked." />
          {missing ? <Alert severity="error">Enter your email address and password.</Alert> : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={credentials.email}
            onChange={(event) => setCredentials((c) => ({ ...c, email: event.target.value }))}
            required
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={credentials.password}
            onChange={(event) => setCredentials((c) => ({ ...c, password: event.target.value }))}
            required
          />
          <PendingButton type="submit" variant="contained" pending={link.isPending} pendingText="Linking…">
            Link and sign in
          </PendingButton>
        </Stack>
      </Box>
      <EmailLinkInstead claim={needed.claim} />
    </Stack>
  );
}

function EmailLinkInstead({ claim }: { claim: string }) {
  const emailLink = useEmailLink();
  const [email, setEmail] = useState('');
  if (emailLink.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {emailLink.data}
      </Alert>
    );
  }
  return (
    <Box
      component="form"
      noValidate
      aria-label="Email me a link instead"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (email.trim() !== '') emailLink.mutate({ claim, email: email.trim() });
      }}
    >
      <Stack spacing={1}>
        <Divider>or, without your password</Divider>
        <ErrorAlert error={emailLink.error} fallback="The link could not be sent." />
        <TextField
          label="Your Automate email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PendingButton type="submit" variant="outlined" pending={emailLink.isPending} pendingText="Sending…">
          Email me a link
        </PendingButton>
      </Stack>
    </Box>
  );
}
