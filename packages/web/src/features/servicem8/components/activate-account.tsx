import type { Sm8ConnectionCandidates, Sm8ConnectOutcome, UserSession } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert.tsx';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/session/access.ts';
import { readerClock } from '@/lib/vendor-time.ts';
import { useCompleteConnection } from '../api/complete-connection.ts';
import { useConnectionCandidates } from '../api/get-connection-candidates.ts';

export type Connected = Extract<Sm8ConnectOutcome, { outcome: 'Connected' }>;

/** The radio value that connects the account to a new business rather than an existing one. */
const NEW_BUSINESS = 'new';

function StartAgain() {
  return (
    <Button component="a" href={SERVICEM8_SIGN_IN_URL} variant="outlined">
      Sign in with ServiceM8 again
    </Button>
  );
}

/**
 * Step 3 of connecting ServiceM8: activate the account the browser authorised. Consent says only that
 * this browser can authorise the account, so activating never signs anyone in. Signed in (`signedInAs`),
 * the person connects one of their businesses (or a new one); not signed in, they may create a new
 * business for an account no business uses, which exists once they confirm their email address.
 */
export function ActivateAccount({
  connection,
  error,
  signedInAs,
  onConnected,
}: {
  connection: string | null;
  /** The sentence the server's callback put in the URL when ServiceM8 sign-in failed. */
  error: string | null;
  signedInAs: UserSession | null;
  onConnected: (outcome: Connected) => void;
}) {
  if (error !== null) {
    return (
      <Stack spacing={2}>
        <Alert severity="error" data-testid="sm8-error">
          {error}
        </Alert>
        <StartAgain />
      </Stack>
    );
  }
  if (connection === null) {
    return (
      <Stack spacing={2}>
        <Alert severity="warning">
          This page is opened by ServiceM8 after you sign in there. Start from “Sign in with ServiceM8”.
        </Alert>
        <StartAgain />
      </Stack>
    );
  }
  return <ChooseBusiness connection={connection} signedInAs={signedInAs} onConnected={onConnected} />;
}

function ChooseBusiness({
  connection,
  signedInAs,
  onConnected,
}: {
  connection: string;
  signedInAs: UserSession | null;
  onConnected: (outcome: Connected) => void;
}) {
  // Once the new owner is asked to confirm their address, the sign-in is used: the server no longer has it,
  // so it is not read again, whoever signs in meanwhile (in another tab, say by opening the emailed link).
  const [asked, setAsked] = useState<string | null>(null);
  const candidates = useConnectionCandidates(connection, signedInAs?.id ?? null, { enabled: asked === null });

  if (asked !== null) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status" data-testid="sm8-confirm-email">
          {asked}
        </Alert>
        {signedInAs ? (
          <>
            <Typography>
              You are now signed in as{' '}
              <strong>
                {signedInAs.firstName} {signedInAs.lastName}
              </strong>
              . Once the link in the email has been opened, your business is on your dashboard.
            </Typography>
            <Button href={DEFAULT_SIGNED_IN_PATH} variant="contained">
              Go to the dashboard
            </Button>
          </>
        ) : null}
      </Stack>
    );
  }
  if (candidates.isPending) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} />
        <Typography>Reading your ServiceM8 account…</Typography>
      </Stack>
    );
  }
  if (candidates.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">
          {getErrorMessage(candidates.error, 'Your ServiceM8 sign-in could not be read. Please start again.')}
        </Alert>
        <StartAgain />
      </Stack>
    );
  }
  const found = candidates.data;
  const expires = (
    <Typography variant="body2" color="text.secondary">
      This choice is open until {readerClock(found.expiresAt)}.
    </Typography>
  );
  if (found.connectedTo?.to === 'another') {
    return (
      <Stack spacing={2}>
        <Alert severity="info" data-testid="sm8-connected-elsewhere">
          The ServiceM8 account <strong>{found.accountName}</strong> is already connected to a business in Automate.
          {signedInAs
            ? ' Only its Admins can reconnect it. To work in that business, ask one of its Admins to invite you.'
            : ' Sign in to Automate if you belong to that business, or ask one of its Admins to invite you.'}
        </Alert>
        {signedInAs ? null : (
          <Button href="/auth/login" variant="contained">
            Sign in to Automate
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      {signedInAs ? (
        <ConnectSignedIn connection={connection} candidates={found} signedInAs={signedInAs} onConnected={onConnected} />
      ) : (
        <NewBusiness connection={connection} candidates={found} onAsked={setAsked} />
      )}
      {expires}
    </Stack>
  );
}

/** Signed in: which of their businesses the account is connected to. Who is signed in does not change. */
function ConnectSignedIn({
  connection,
  candidates,
  signedInAs,
  onConnected,
}: {
  connection: string;
  candidates: Sm8ConnectionCandidates;
  signedInAs: UserSession;
  onConnected: (outcome: Connected) => void;
}) {
  const complete = useCompleteConnection();
  const [target, setTarget] = useState<string | null>(null);
  const yours = candidates.connectedTo?.to === 'yours' ? candidates.connectedTo : null;
  const chosen = yours?.vendorId ?? target ?? candidates.targets[0]?.vendorId ?? NEW_BUSINESS;
  const connect = () =>
    complete.mutate(
      {
        connection,
        accountUuid: candidates.accountUuid,
        ...(chosen === NEW_BUSINESS ? {} : { vendorId: chosen }),
      },
      { onSuccess: (outcome) => outcome.outcome === 'Connected' && onConnected(outcome) },
    );

  return (
    <>
      <Typography>
        You are signed in as{' '}
        <strong>
          {signedInAs.firstName} {signedInAs.lastName}
        </strong>{' '}
        ({signedInAs.email}). Connecting does not change who is signed in, or who belongs to a business.
      </Typography>
      {yours ? (
        <Typography>
          The ServiceM8 account <strong>{candidates.accountName}</strong> is connected to <strong>{yours.name}</strong>.
          Reconnecting gives Automate fresh access to it and checks its webhooks.
        </Typography>
      ) : (
        <RadioGroup aria-label="Business to connect" value={chosen} onChange={(event) => setTarget(event.target.value)}>
          <Typography>
            Connect the ServiceM8 account <strong>{candidates.accountName}</strong> to:
          </Typography>
          {candidates.targets.map((business) => (
            <FormControlLabel
              key={business.vendorId}
              value={business.vendorId}
              control={<Radio />}
              label={business.name}
            />
          ))}
          <FormControlLabel
            value={NEW_BUSINESS}
            control={<Radio />}
            label={`A new business named ${candidates.accountName}, with you as its Admin`}
          />
        </RadioGroup>
      )}
      <ErrorAlert error={complete.error} fallback="The account could not be connected." />
      <PendingButton
        variant="contained"
        size="large"
        pending={complete.isPending}
        pendingText="Connecting…"
        onClick={connect}
      >
        {yours ? 'Reconnect' : 'Connect'}
      </PendingButton>
    </>
  );
}

/**
 * Not signed in, for an account no business uses: the person who will own the new business gives their
 * name, email address and a password; the business exists once they open the link we email.
 */
function NewBusiness({
  connection,
  candidates,
  onAsked,
}: {
  connection: string;
  candidates: Sm8ConnectionCandidates;
  /** The new owner was asked to confirm their address (`message` says so): the sign-in is used. */
  onAsked: (message: string) => void;
}) {
  const complete = useCompleteConnection();
  const [owner, setOwner] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [missing, setMissing] = useState(false);
  const set = (field: keyof typeof owner) => (event: { target: { value: string } }) =>
    setOwner((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.values(owner).some((value) => value.trim() === '')) {
      setMissing(true);
      return;
    }
    setMissing(false);
    complete.mutate(
      {
        connection,
        accountUuid: candidates.accountUuid,
        newOwner: { ...owner, email: owner.email.trim() },
      },
      { onSuccess: (outcome) => outcome.outcome === 'ConfirmEmail' && onAsked(outcome.message) },
    );
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Create your business">
      <Stack spacing={2}>
        <Typography>
          No business in Automate uses the ServiceM8 account <strong>{candidates.accountName}</strong> yet. Create it
          with you as its Admin: we email you a link, and it is ready once you open it.
        </Typography>
        <Typography variant="body2">
          Already have an Automate account? <a href="/auth/login">Sign in</a>, then connect ServiceM8 from your
          dashboard.
        </Typography>
        <ErrorAlert error={complete.error} fallback="The business could not be created." />
        {missing ? <Alert severity="error">Fill in every field.</Alert> : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="First name"
            autoComplete="given-name"
            value={owner.firstName}
            onChange={set('firstName')}
            required
            fullWidth
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={owner.lastName}
            onChange={set('lastName')}
            required
            fullWidth
          />
        </Stack>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={owner.email}
          onChange={set('email')}
          required
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={owner.password}
          onChange={set('password')}
          required
        />
        <PendingButton
          type="submit"
          variant="contained"
          size="large"
          pending={complete.isPending}
          pendingText="Sending…"
        >
          Create {candidates.accountName}
        </PendingButton>
      </Stack>
    </Box>
  );
}
