import { type CurrentSubscription, planLabel } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { UsageBars } from '@/components/ui/usage-bars.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useSubscription } from '@/lib/billing/subscription.ts';
import { formatCents } from '@/lib/format.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useVendor, useVendorClock, type VendorClock } from '@/lib/vendor-time.ts';
import { useCancellation } from '../api/billing.ts';
import { SUBSCRIPTION_STATUS_LABELS } from '../format-billing.ts';

const LIVE = new Set(['trialing', 'active', 'past_due']);

/** When the subscription renews, ends or its trial ends, in one sentence. */
function periodSentence(subscription: CurrentSubscription, clock: VendorClock): string | null {
  const end = subscription.currentPeriodEnd ? clock(subscription.currentPeriodEnd, 'date') : null;
  if (!LIVE.has(subscription.status)) return 'This subscription has ended. Choose a plan to subscribe again.';
  if (subscription.cancelAtPeriodEnd && end) return `Cancels on ${end}`;
  if (subscription.status === 'trialing' && subscription.trialEnd)
    return `Trial ends on ${clock(subscription.trialEnd, 'date')}`;
  return end ? `Renews on ${end}` : null;
}

/**
 * The vendor's plan: status, renewal or cancellation date, usage against the plan's limits, the
 * past-due banner, and (for its Admins, `canManage`) change plan, cancel and resume.
 */
export function SubscriptionOverview({
  vendorId,
  vendorName,
  checkoutPath,
  canManage,
  polling = false,
}: {
  vendorId: string;
  vendorName: string;
  checkoutPath: string | null;
  canManage: boolean;
  /** Just paid: ask again until the payment provider's confirmation has arrived. */
  polling?: boolean;
}) {
  const subscription = useSubscription(vendorId, { awaitingPayment: polling });
  // Without a subscription the business may still be on a plan given without one (the demo business's):
  // its plan name, as every page names it, is the vendor's.
  const vendorPlan = useVendor(vendorId).data?.currentSubscriptionType ?? null;
  const cancellation = useCancellation(vendorId);
  const confirm = useConfirm();
  const { toast } = useNotifications();
  const clock = useVendorClock(vendorId);
  const data = subscription.data;
  const waiting = polling && !LIVE.has(data?.status ?? '');

  if (subscription.isPending) return <Skeleton variant="rounded" height={180} />;
  if (subscription.isError) {
    return (
      <LoadError
        error={subscription.error}
        fallback="The subscription could not be loaded."
        onRetry={subscription.refetch}
      />
    );
  }
  if (!data) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label="Subscription">
        <Typography variant="h6" component="h2">
          {vendorPlan ? `${planLabel(vendorPlan)} plan` : planLabel(null)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {waiting
            ? 'Waiting for the payment to be confirmed…'
            : vendorPlan
              ? `${vendorName} is on the ${planLabel(vendorPlan)} plan without a subscription, so there is nothing to pay.`
              : `${vendorName} has no subscription.`}
        </Typography>
        {checkoutPath ? (
          <Button href={checkoutPath} variant="contained">
            Choose a plan
          </Button>
        ) : null}
      </Paper>
    );
  }

  const setCancel = async (cancel: boolean) => {
    if (cancel) {
      const end = data.currentPeriodEnd ? clock(data.currentPeriodEnd, 'date') : 'the end of the period';
      const confirmed = await confirm({
        title: 'Cancel the subscription?',
        message: `${data.plan?.name ?? 'The'} plan stays active until ${end}; then automations stop running. You can resume before then.`,
        confirmText: 'Cancel subscription',
        cancelText: 'Keep subscription',
        destructive: true,
      });
      if (!confirmed) return;
    }
    try {
      const result = await cancellation.mutateAsync({ subscriptionId: data.id, cancel });
      toast(result.message ?? (cancel ? 'The subscription will cancel.' : 'The subscription continues.'), 'success');
    } catch (error) {
      toast(getErrorMessage(error, 'The subscription could not be changed.'), 'error');
    }
  };

  const live = LIVE.has(data.status);
  const period = periodSentence(data, clock);
  return (
    <Stack spacing={2}>
      {data.status === 'past_due' ? (
        <Alert severity="warning">
          The last payment failed. Automations keep running
          {data.graceEndsAt ? ` until ${clock(data.graceEndsAt, 'date')}` : ''}; pay the open invoice to keep them
          going.
        </Alert>
      ) : null}
      {!data.automationsRun && live ? (
        <Alert severity="error">
          Automations are paused: your subscription is not active. Pay the open invoice to resume them.
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label="Subscription">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <div>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="h5" component="h2">
                {planLabel(data.plan?.name ?? 'Subscription')} plan
              </Typography>
              <Chip
                size="small"
                label={SUBSCRIPTION_STATUS_LABELS[data.status]}
                color={
                  data.status === 'active' || data.status === 'trialing' ? 'success' : live ? 'warning' : 'default'
                }
              />
            </Stack>
            {data.amountCents !== null && data.interval ? (
              <Typography color="text.secondary">
                {formatCents(data.amountCents)} a {data.interval}, GST included
              </Typography>
            ) : null}
            {period ? <Typography sx={{ mt: 1, fontWeight: 600 }}>{period}</Typography> : null}
          </div>
          {canManage ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              {checkoutPath ? (
                <Button href={checkoutPath} variant="outlined">
                  {live ? 'Change plan' : 'Choose a plan'}
                </Button>
              ) : null}
              {live && !data.cancelAtPeriodEnd ? (
                <PendingButton
                  pending={cancellation.isPending}
                  pendingText="Cancelling…"
                  color="error"
                  onClick={() => void setCancel(true)}
                >
                  Cancel subscription
                </PendingButton>
              ) : null}
              {live && data.cancelAtPeriodEnd ? (
                <PendingButton
                  pending={cancellation.isPending}
                  pendingText="Resuming…"
                  variant="contained"
                  onClick={() => void setCancel(false)}
                >
                  Resume subscription
                </PendingButton>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
        {data.usage ? (
          <Stack spacing={2} sx={{ mt: 3 }} aria-label="Usage this period">
            <Typography variant="subtitle2" component="h3">
              Usage this period
            </Typography>
            <UsageBars usage={data.usage} />
          </Stack>
        ) : null}
      </Paper>
    </Stack>
  );
}
