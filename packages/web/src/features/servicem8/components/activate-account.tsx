import type { Sm8ConnectionCandidates, Sm8SignInOutcome, UserSession } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
import { useCompleteConnection } from '../api/complete-connection.ts';
import { useConnectionCandidates } from '../api/get-connection-candidates.ts';
import { ProveAccount } from './prove-account.tsx';

type SignInNeeded = Extract<Sm8SignInOutcome, { outcome: 'SignInNeeded' }>;
export type SignedIn = Extract<Sm8SignInOutcome, { outcome: 'SignedIn' }>;

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
 * Step 3 of connecting ServiceM8: activate the account. Signed in (`signedInAs`), the person chooses the
 * business to connect and stays signed in as themselves; otherwise the account owner is signed in, or
 * must first prove an existing Automate account. `onSignedIn` gets the outcome; `onPasswordSignIn` stores
 * a session made by signing in with a password on the way.
 */
export function ActivateAccount({
  connection,
  error,
  signedInAs,
  onSignedIn,
  onPasswordSignIn,
}: {
  connection: string | null;
  /** The sentence the server's callback put in the URL when ServiceM8 sign-in failed. */
  error: string | null;
  signedInAs: UserSession | null;
  onSignedIn: (outcome: SignedIn) => void;
  onPasswordSignIn: (user: UserSession) => void;
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
  return (
    <ChooseAccount
      connection={connection}
      signedInAs={signedInAs}
      onSignedIn={onSignedIn}
      onPasswordSignIn={onPasswordSignIn}
    />
  );
}

function ChooseAccount({
  connection,
  signedInAs,
  onSignedIn,
  onPasswordSignIn,
}: {
  connection: string;
  signedInAs: UserSession | null;
  onSignedIn: (outcome: SignedIn) => void;
  onPasswordSignIn: (user: UserSession) => void;
}) {
  const candidates = useConnectionCandidates(connection, signedInAs?.id ?? null);
  const complete = useCompleteConnection();
  const [needed, setNeeded] = useState<SignInNeeded | null>(null);
  const [target, setTarget] = useState<string | null>(null);

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
  if (needed) {
    return (
      <ProveAccount
        needed={needed}
        onPasswordSignIn={(user) => {
          onPasswordSignIn(user);
          // Without a claim there is nothing to link: connect while signed in instead.
          if (!needed.claim) setNeeded(null);
        }}
        onLinked={onSignedIn}
      />
    );
  }

  const account = candidates.data.accounts[0];
  if (!account) {
    return (
      <Alert severity="warning">No ServiceM8 account to activate was found. Ask the account owner to sign in.</Alert>
    );
  }
  const chosenTarget = target ?? candidates.data.targets[0]?.vendorId ?? NEW_BUSINESS;
  const activate = () =>
    complete.mutate(
      {
        connection,
        accountUuid: account.accountUuid,
        ...(signedInAs && chosenTarget !== NEW_BUSINESS && !account.vendorId ? { vendorId: chosenTarget } : {}),
      },
      {
        onSuccess: (outcome) => (outcome.outcome === 'SignedIn' ? onSignedIn(outcome) : setNeeded(outcome)),
      },
    );

  return (
    <Stack spacing={2}>
      {signedInAs ? (
        <SignedInChoice
          signedInAs={signedInAs}
          candidates={candidates.data}
          target={chosenTarget}
          onTarget={setTarget}
        />
      ) : (
        <OwnerChoice candidates={candidates.data} />
      )}
      <ErrorAlert error={complete.error} fallback="The account could not be activated." />
      <PendingButton
        variant="contained"
        size="large"
        pending={complete.isPending}
        pendingText="Activating…"
        onClick={activate}
      >
        {signedInAs ? 'Connect' : account.connected ? 'Sign in' : 'Activate'}
      </PendingButton>
      <Typography variant="body2" color="text.secondary">
        This choice is open until {formatDateTime(candidates.data.expiresAt) ?? 'it expires'}.
      </Typography>
    </Stack>
  );
}

/** Not signed in: the account and, when ServiceM8 told us, its owner. */
function OwnerChoice({ candidates }: { candidates: Sm8ConnectionCandidates }) {
  const { staff, accounts } = candidates;
  return (
    <>
      {staff ? (
        <Typography>
          Signed in to ServiceM8 as{' '}
          <strong>
            {staff.firstName} {staff.lastName}
          </strong>{' '}
          ({staff.email}). Choose the account to use with Automate:
        </Typography>
      ) : (
        <Typography>Choose the ServiceM8 account to use with Automate:</Typography>
      )}
      <RadioGroup aria-label="ServiceM8 account" value={accounts[0]?.accountUuid ?? ''}>
        {accounts.map((account) => (
          <FormControlLabel
            key={account.accountUuid}
            value={account.accountUuid}
            control={<Radio />}
            label={account.connected ? `${account.name} (already connected)` : account.name}
          />
        ))}
      </RadioGroup>
    </>
  );
}

/** Signed in: who stays signed in, and which of their businesses the account is connected to. */
function SignedInChoice({
  signedInAs,
  candidates,
  target,
  onTarget,
}: {
  signedInAs: UserSession;
  candidates: Sm8ConnectionCandidates;
  target: string;
  onTarget: (value: string) => void;
}) {
  const account = candidates.accounts[0];
  if (!account) return null;
  return (
    <>
      <Typography>
        You are signed in as{' '}
        <strong>
          {signedInAs.firstName} {signedInAs.lastName}
        </strong>{' '}
        ({signedInAs.email}). Connecting does not change who is signed in.
      </Typography>
      {account.vendorId ? (
        <Typography>
          The ServiceM8 account <strong>{account.name}</strong> is already used by a business in Automate: connecting
          reconnects that business.
        </Typography>
      ) : candidates.targets.length > 0 ? (
        <RadioGroup aria-label="Business to connect" value={target} onChange={(event) => onTarget(event.target.value)}>
          <Typography>
            Connect the ServiceM8 account <strong>{account.name}</strong> to:
          </Typography>
          {candidates.targets.map((business) => (
            <FormControlLabel
              key={business.vendorId}
              value={business.vendorId}
              control={<Radio />}
              label={business.name}
            />
          ))}
          <FormControlLabel value={NEW_BUSINESS} control={<Radio />} label={`A new business named ${account.name}`} />
        </RadioGroup>
      ) : (
        <Typography>
          Connecting creates the business <strong>{account.name}</strong> in Automate, with you as its Admin.
        </Typography>
      )}
    </>
  );
}
