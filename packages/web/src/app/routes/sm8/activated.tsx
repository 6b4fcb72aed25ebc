import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormCard } from '@/components/ui/form-card.tsx';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/session/access.ts';
import { useCurrentVendor, useSession } from '@/lib/session/session.ts';
import { hasValidSession } from '@/lib/session/session-store.ts';

/**
 * /sm8/activated: where connecting ends. It says "connected" only for a signed-in person whose current
 * business is connected; anyone else is told what the page cannot know, or that the business is not
 * connected yet, with the way to go on.
 */
export function Sm8ActivatedRoute() {
  const state = useSession();
  const vendor = useCurrentVendor();
  if (!hasValidSession(state, Date.now())) {
    return (
      <FormCard title="Sign in to see your connection">
        <Stack spacing={2}>
          <Alert severity="info" role="status">
            You are not signed in, so this page cannot tell whether ServiceM8 is connected.
          </Alert>
          <Button href="/auth/login" variant="contained">
            Sign in
          </Button>
        </Stack>
      </FormCard>
    );
  }
  if (!vendor?.sm8Connected) {
    return (
      <FormCard title="ServiceM8 is not connected yet">
        <Stack spacing={2}>
          <Alert severity="warning" role="status">
            {vendor ? `${vendor.name} is not connected to ServiceM8 yet.` : 'You have no business in Automate yet.'}
          </Alert>
          {vendor?.role === 'Admin' ? (
            <Button href={SERVICEM8_SIGN_IN_URL} variant="contained">
              Connect ServiceM8
            </Button>
          ) : null}
          <Button href={DEFAULT_SIGNED_IN_PATH}>Go to the dashboard</Button>
        </Stack>
      </FormCard>
    );
  }
  return (
    <FormCard title="ServiceM8 is connected">
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {vendor.name} is connected to Automate.
        </Alert>
        <Typography color="text.secondary">
          Automate now hears about changes to your jobs, clients, quotes and invoices. Next, switch on your first
          automations.
        </Typography>
        <Button href="/app/automation/onboarding" variant="contained">
          Pick your first automations
        </Button>
        <Button href={DEFAULT_SIGNED_IN_PATH}>Go to the dashboard</Button>
      </Stack>
    </FormCard>
  );
}
