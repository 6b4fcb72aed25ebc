import { type QuietHours, type VendorMembership, WEEKDAY_NAMES } from '@automate/contract';
import CableIcon from '@mui/icons-material/Cable';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
import { useVendor } from '@/lib/vendor-time.ts';
import { BusinessSettings } from './business-settings.tsx';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, height: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Days as a person lists them: runs of three or more as a range ("Mon–Sat"), "every day" for all seven. */
function dayWords(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return 'every day';
  const runs: number[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const name = (day: number) => WEEKDAY_NAMES[day - 1] ?? '';
  return runs
    .flatMap((run) =>
      run.length >= 3 ? [`${name(run[0] ?? 1)}–${name(run.at(-1) ?? 1)}`] : run.map((day) => name(day)),
    )
    .join(', ');
}

/** When automated messages may reach clients, as the Client messages tab sets it, with a link there. */
function BusinessHours({ vendorId, messagingPath }: { vendorId: string; messagingPath: string }) {
  const vendor = useVendor(vendorId);
  const describe = (hours: QuietHours, timeZone: string) =>
    hours.enabled
      ? `Automated emails and texts reach clients ${dayWords(hours.days)}, ${hours.start}–${hours.end} (${timeZone} time); one due outside these hours waits for the next opening.`
      : 'Off: automated emails and texts reach clients whenever they are due, at any hour.';
  return (
    <>
      {vendor.data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {describe(vendor.data.clientMessaging.quietHours, vendor.data.timeZone)}
        </Typography>
      ) : (
        <Skeleton variant="text" sx={{ mb: 1 }} />
      )}
      <Button href={messagingPath} variant="outlined">
        Change business hours
      </Button>
    </>
  );
}

/**
 * /app/account/subscription/overview: the business at a glance for its Admins: who it is, whether
 * ServiceM8 is connected, its business hours, its plan, and where the team and the email templates are
 * managed.
 */
export function AccountOverview({
  vendor,
  teamPath,
  templatesPath,
  messagingPath,
  plan,
}: {
  vendor: VendorMembership;
  teamPath: string;
  templatesPath: string;
  /** The Client messages tab, where the business hours are set. */
  messagingPath: string;
  /** The plan, its status and usage (the billing feature's, handed in by the route). */
  plan: ReactNode;
}) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card title="Business">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            You are {vendor.role === 'Admin' ? 'an Admin' : 'a User'} of {vendor.name}.
          </Typography>
          <BusinessSettings vendor={vendor} />
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card title="ServiceM8">
          {vendor.sm8Connected ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'ternary.main' }}>
              <CheckCircleIcon fontSize="small" />
              <Typography>Connected: automations react to your jobs.</Typography>
            </Stack>
          ) : (
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography color="text.secondary">Not connected: automations cannot run until it is.</Typography>
              <Button component="a" href={SERVICEM8_SIGN_IN_URL} variant="contained" startIcon={<CableIcon />}>
                Connect ServiceM8
              </Button>
            </Stack>
          )}
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card title="Business hours">
          <BusinessHours vendorId={vendor.vendorId} messagingPath={messagingPath} />
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card title="Team">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Invite the people who build and watch your automations, and choose who may change the account.
          </Typography>
          <Button href={teamPath} variant="outlined">
            Manage the team
          </Button>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card title="Email templates">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Emails your automations send, written once and used by any of them.
          </Typography>
          <Button href={templatesPath} variant="outlined">
            Open email templates
          </Button>
        </Card>
      </Grid>
      <Grid size={12}>
        <Card title="Plan">{plan}</Card>
      </Grid>
    </Grid>
  );
}
