import type { BillingInterval, Plan, TriggerSummary } from '@automate/contract';
import CheckIcon from '@mui/icons-material/Check';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadError } from '@/components/ui/load-error.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useSubscription } from '@/lib/billing/subscription.ts';
import { formatCents } from '@/lib/format.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { billingKeys, fetchCheckoutLink, fetchEnabledTriggers, usePlansOnSale } from '../api/billing.ts';
import { isPaymentClosed, openCheckoutWindow } from '../checkout-window.ts';
import { SwitchOffDialog } from './switch-off-dialog.tsx';

const LIVE: ReadonlySet<string> = new Set(['trialing', 'active', 'past_due']);

function PlanCard({
  plan,
  interval,
  current,
  busy,
  onChoose,
}: {
  plan: Plan;
  interval: BillingInterval;
  current: boolean;
  busy: boolean;
  onChoose: (plan: Plan) => void;
}) {
  const amount = interval === 'month' ? plan.monthlyPriceCents : plan.yearlyPriceCents;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`${plan.name} plan`}
      sx={{ p: 3, height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2">
          {plan.name}
        </Typography>
        {current ? <Chip size="small" color="success" label="Current plan" /> : null}
      </Stack>
      <Typography color="text.secondary" sx={{ minHeight: 48 }}>
        {plan.description}
      </Typography>
      <Typography variant="h4" component="p" sx={{ mt: 2, fontWeight: 700 }}>
        {formatCents(amount)}
        <Typography component="span" color="text.secondary">
          {' '}
          a {interval}
        </Typography>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        NZD, GST included{plan.trialDays > 0 ? ` · ${plan.trialDays}-day free trial for new subscribers` : ''}
      </Typography>
      <List dense sx={{ flexGrow: 1 }}>
        {plan.features.map((feature) => (
          <ListItem key={feature} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckIcon fontSize="small" color="success" />
            </ListItemIcon>
            <ListItemText primary={feature} />
          </ListItem>
        ))}
      </List>
      <Button variant={current ? 'outlined' : 'contained'} disabled={current || busy} onClick={() => onChoose(plan)}>
        {current ? 'Your plan' : `Choose ${plan.name}`}
      </Button>
    </Paper>
  );
}

/**
 * /app/account/subscription/checkout: the plans on sale with a monthly/yearly switch. Choosing one
 * opens the payment provider's checkout in a popup; when it closes (through /payment/close) the
 * subscription overview opens and waits for the confirmation. A change of plan happens at once.
 */
export function PlanCheckout({ vendorId, overviewPath }: { vendorId: string; overviewPath: string }) {
  const plans = usePlansOnSale();
  const subscription = useSubscription(vendorId);
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const client = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useNotifications();

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (!isPaymentClosed(event)) return;
      void client.invalidateQueries({ queryKey: billingKeys.all });
      if (event.data.status === 'success') navigate(`${overviewPath}?paid=1`);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [client, navigate, overviewPath]);

  const [tooMany, setTooMany] = useState<{ plan: Plan; triggers: TriggerSummary[] } | null>(null);

  /** A smaller plan than the automations switched on: ask which to switch off first. */
  const choose = async (plan: Plan) => {
    const usage = subscription.data?.usage;
    if (usage && usage.activeTriggers.used > plan.limits.activeTriggers) {
      setBusy(true);
      try {
        setTooMany({ plan, triggers: await fetchEnabledTriggers(vendorId) });
      } catch (error) {
        setFailure(error);
      } finally {
        setBusy(false);
      }
      return;
    }
    await buy(plan);
  };

  const buy = async (plan: Plan) => {
    const price = plan.prices.find((candidate) => candidate.interval === interval);
    if (!price) return;
    setFailure(null);
    setBusy(true);
    // Only a checkout on the payment page needs the popup; it must open in the click itself.
    const popup = subscription.data && LIVE.has(subscription.data.status) ? null : openCheckoutWindow();
    try {
      const link = await fetchCheckoutLink(vendorId, price.id);
      if (link.changedInPlace) {
        popup?.close();
        await client.invalidateQueries({ queryKey: billingKeys.all });
        toast(`You are now on the ${plan.name} plan.`, 'success');
        navigate(overviewPath);
      } else if (popup) {
        popup.location.href = link.url;
      } else {
        window.location.assign(link.url);
      }
    } catch (error) {
      popup?.close();
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  if (plans.isPending) return <Skeleton variant="rounded" height={360} />;
  if (plans.isError)
    return <LoadError error={plans.error} fallback="The plans could not be loaded." onRetry={plans.refetch} />;
  const live = subscription.data && LIVE.has(subscription.data.status);
  const currentPriceAmount = live ? subscription.data?.amountCents : null;
  return (
    <Stack spacing={3}>
      <ToggleButtonGroup
        exclusive
        value={interval}
        onChange={(_event, value: BillingInterval | null) => value && setBillingInterval(value)}
        aria-label="Billing interval"
        size="small"
      >
        <ToggleButton value="month">Monthly</ToggleButton>
        <ToggleButton value="year">Yearly</ToggleButton>
      </ToggleButtonGroup>
      {failure ? <Alert severity="error">{getErrorMessage(failure, 'The checkout could not be opened.')}</Alert> : null}
      {live ? (
        <Alert severity="info">
          Changing plan takes effect at once; the difference for the rest of this period is charged or credited.
        </Alert>
      ) : null}
      {tooMany ? (
        <SwitchOffDialog
          vendorId={vendorId}
          planName={tooMany.plan.name}
          allowed={tooMany.plan.limits.activeTriggers}
          triggers={tooMany.triggers}
          onCancel={() => setTooMany(null)}
          onDone={() => {
            const { plan } = tooMany;
            setTooMany(null);
            void buy(plan);
          }}
        />
      ) : null}
      {plans.data.length === 0 ? <Alert severity="info">No plans are on sale right now.</Alert> : null}
      <Grid container spacing={2}>
        {plans.data.map((plan) => (
          <Grid key={plan.id} size={{ xs: 12, md: 4 }}>
            <PlanCard
              plan={plan}
              interval={interval}
              current={Boolean(
                live &&
                  subscription.data?.plan?.id === plan.id &&
                  subscription.data.interval === interval &&
                  currentPriceAmount === (interval === 'month' ? plan.monthlyPriceCents : plan.yearlyPriceCents),
              )}
              busy={busy}
              onChoose={(chosen) => void choose(chosen)}
            />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
