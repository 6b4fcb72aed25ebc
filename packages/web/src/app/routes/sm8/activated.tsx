import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormCard } from '@/components/ui/form-card.tsx';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/session/access.ts';
import { useCurrentVendor } from '@/lib/session/session.ts';

/** /sm8/activated: the account is connected; what happens next. */
export function Sm8ActivatedRoute() {
  const vendor = useCurrentVendor();
  return (
    <FormCard title="ServiceM8 is connected">
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {vendor ? `${vendor.name} is connected to Automate.` : 'Your ServiceM8 account is connected to Automate.'}
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
