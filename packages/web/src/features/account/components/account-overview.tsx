import type { VendorMembership } from '@automate/contract';
import CableIcon from '@mui/icons-material/Cable';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
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

/**
 * /app/account/subscription/overview: the business at a glance for its Admins: who it is, whether
 * ServiceM8 is connected, its plan, and where the team and the email templates are managed.
 */
export function AccountOverview({
  vendor,
  teamPath,
  templatesPath,
  plan,
}: {
  vendor: VendorMembership;
  teamPath: string;
  templatesPath: string;
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
