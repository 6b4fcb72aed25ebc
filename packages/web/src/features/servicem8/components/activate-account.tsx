import type { Sm8AccountChoice, UserSession } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
import { useCompleteConnection } from '../api/complete-connection.ts';
import { useConnectionCandidates } from '../api/get-connection-candidates.ts';

function StartAgain() {
  return (
    <Button component="a" href={SERVICEM8_SIGN_IN_URL} variant="outlined">
      Sign in with ServiceM8 again
    </Button>
  );
}

/**
 * Step 3 of connecting ServiceM8: the person picks which of their ServiceM8 accounts to activate.
 * `onActivated` receives the new session and the account chosen.
 */
export function ActivateAccount({
  connection,
  error,
  onActivated,
}: {
  connection: string | null;
  /** The sentence the server's callback put in the URL when ServiceM8 sign-in failed. */
  error: string | null;
  onActivated: (user: UserSession, account: Sm8AccountChoice) => void;
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
  return <ChooseAccount connection={connection} onActivated={onActivated} />;
}

function ChooseAccount({
  connection,
  onActivated,
}: {
  connection: string;
  onActivated: (user: UserSession, account: Sm8AccountChoice) => void;
}) {
  const candidates = useConnectionCandidates(connection);
  const complete = useCompleteConnection();
  const [chosen, setChosen] = useState<string | null>(null);

  if (candidates.isPending) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} />
        <Typography>Reading your ServiceM8 accounts…</Typography>
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

  const { staff, accounts, expiresAt } = candidates.data;
  const selected = accounts.find((account) => account.accountUuid === (chosen ?? accounts[0]?.accountUuid));
  if (accounts.length === 0) {
    return (
      <Alert severity="warning">
        No ServiceM8 account you can activate was found for {staff.email}. Ask the account owner to sign in.
      </Alert>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography>
        Signed in to ServiceM8 as{' '}
        <strong>
          {staff.firstName} {staff.lastName}
        </strong>{' '}
        ({staff.email}). Choose the account to use with Automate:
      </Typography>
      <RadioGroup
        aria-label="ServiceM8 account"
        value={selected?.accountUuid ?? ''}
        onChange={(event) => setChosen(event.target.value)}
      >
        {accounts.map((account) => (
          <FormControlLabel
            key={account.accountUuid}
            value={account.accountUuid}
            control={<Radio />}
            label={account.connected ? `${account.name} (already connected)` : account.name}
          />
        ))}
      </RadioGroup>
      {complete.isError ? (
        <Alert severity="error">{getErrorMessage(complete.error, 'The account could not be activated.')}</Alert>
      ) : null}
      <Button
        variant="contained"
        size="large"
        disabled={!selected || complete.isPending}
        startIcon={complete.isPending ? <CircularProgress size={18} color="inherit" /> : null}
        onClick={() => {
          if (!selected) return;
          complete.mutate(
            { connection, accountUuid: selected.accountUuid },
            { onSuccess: (user) => onActivated(user, selected) },
          );
        }}
      >
        {complete.isPending ? 'Activating…' : selected?.connected ? 'Sign in' : 'Activate'}
      </Button>
      <Typography variant="body2" color="text.secondary">
        This choice is open until {formatDateTime(expiresAt) ?? 'it expires'}.
      </Typography>
    </Stack>
  );
}
