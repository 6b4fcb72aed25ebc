import type { Sm8SignedIn } from '@automate/contract';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '@/components/ui/error-alert.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { useConfirmLink } from '../api/confirm-link.ts';
import { useLinkClaim } from '../api/get-link-claim.ts';
import { LinkSummary } from './link-summary.tsx';

/**
 * The mailed link's page: says which staff member of which ServiceM8 account would open which business
 * as the owner of this address, and links it when confirmed (the link's token proves the address).
 */
export function ConfirmLinkStep({
  claim,
  proof,
  onLinked,
  onCancel,
}: {
  claim: string;
  proof: { token: string; userId: string };
  onLinked: (outcome: Sm8SignedIn) => void;
  onCancel?: () => void;
}) {
  const summary = useLinkClaim(claim);
  const confirm = useConfirmLink();

  if (summary.isPending) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} />
        <Typography>Reading your ServiceM8 login…</Typography>
      </Stack>
    );
  }
  if (summary.isError) {
    return <ErrorAlert error={summary.error} fallback="This link could not be read." />;
  }
  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">
        Link your ServiceM8 login?
      </Typography>
      <LinkSummary summary={summary.data} />
      <ErrorAlert error={confirm.error} fallback="The link could not be made." />
      <Stack direction="row" spacing={1}>
        <PendingButton
          variant="contained"
          pending={confirm.isPending}
          pendingText="Linking…"
          onClick={() =>
            confirm.mutate(
              { claim, proof: { kind: 'emailLink', ...proof } },
              { onSuccess: (outcome) => onLinked(outcome) },
            )
          }
        >
          Link and sign in
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
