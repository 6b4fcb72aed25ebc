import type { Sm8SignInOutcome, UserSession } from '@automate/contract';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '@/components/ui/error-alert.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { useConfirmLink } from '../api/confirm-link.ts';
import { useLinkClaim } from '../api/get-link-claim.ts';

type SignedIn = Extract<Sm8SignInOutcome, { outcome: 'SignedIn' }>;

/**
 * The last step of linking a ServiceM8 sign-in: says which staff member of which ServiceM8 account will
 * sign in as whom, and links it when confirmed. Signed in (`signedInAs`) it links to that user; with the
 * mailed link's `proof` it links to the owner of that address and signs them in.
 */
export function ConfirmLinkStep({
  claim,
  proof,
  signedInAs,
  onLinked,
  onCancel,
}: {
  claim: string;
  proof?: { token: string; userId: string };
  signedInAs?: UserSession;
  onLinked: (outcome: SignedIn) => void;
  onCancel?: () => void;
}) {
  const summary = useLinkClaim(claim);
  const confirm = useConfirmLink();

  if (summary.isPending) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} />
        <Typography>Reading your ServiceM8 sign-in…</Typography>
      </Stack>
    );
  }
  if (summary.isError) {
    return <ErrorAlert error={summary.error} fallback="This link could not be read." />;
  }
  const { staff, accountName, vendorName } = summary.data;
  const staffName = `${staff.firstName} ${staff.lastName}`.trim() || staff.email;
  const you = signedInAs ? `your Automate account ${signedInAs.email}` : 'your Automate account';

  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">
        Link your ServiceM8 sign-in?
      </Typography>
      <Typography>
        Link <strong>{staffName}</strong> ({staff.email}), staff of the ServiceM8 account <strong>{accountName}</strong>
        , to {you}. From then on, signing in with ServiceM8 as that staff member signs you in to Automate.
      </Typography>
      {vendorName ? (
        <Typography color="text.secondary">You will have access to {vendorName} in Automate.</Typography>
      ) : null}
      <ErrorAlert error={confirm.error} fallback="The link could not be made." />
      <Stack direction="row" spacing={1}>
        <PendingButton
          variant="contained"
          pending={confirm.isPending}
          pendingText="Linking…"
          onClick={() =>
            confirm.mutate(
              { claim, ...(proof ? { proof } : {}) },
              {
                onSuccess: (outcome) => {
                  if (outcome.outcome === 'SignedIn') onLinked(outcome);
                },
              },
            )
          }
        >
          {signedInAs ? 'Link and continue' : 'Link and sign in'}
        </PendingButton>
        {onCancel ? (
          <Button variant="text" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
