import { WEB_ADDRESS_IDEMPOTENCY_HEADER, WEB_ADDRESS_SIGNATURE_HEADER } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { ShownOnce } from '@/components/ui/shown-once.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { formatVendorTime, useVendorTimeZone } from '@/lib/vendor-time.ts';
import { useRotateSigningSecret, useWebAddressSettings } from '../api/web-address.ts';

/**
 * Account › Web addresses: the signing secret the “Send to a web address” action signs with (made or
 * rotated here, shown once), and how many deliveries the business started today of its daily limit.
 */
export function WebAddressSettingsPanel({ vendorId }: { vendorId: string }) {
  const settings = useWebAddressSettings(vendorId);
  const rotate = useRotateSigningSecret(vendorId);
  const timeZone = useVendorTimeZone(vendorId);
  const confirm = useConfirm();
  const data = settings.data;
  const ask = async () => {
    if (!data?.signingSecretCreatedAt) {
      rotate.mutate();
      return;
    }
    const confirmed = await confirm({
      title: 'Rotate the signing secret?',
      message:
        'Deliveries are signed with the new secret at once: every receiver that checks the signature needs the new one.',
      confirmText: 'Rotate',
      destructive: true,
    });
    if (confirmed) rotate.mutate();
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      {settings.isError ? (
        <Alert severity="error">{getErrorMessage(settings.error, 'The settings could not be loaded.')}</Alert>
      ) : null}
      <Paper variant="outlined" component="section" aria-labelledby="signing-secret-heading" sx={{ p: 2 }}>
        <Typography id="signing-secret-heading" variant="h6" component="h2" gutterBottom>
          Signing secret
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Every delivery carries the header {WEB_ADDRESS_SIGNATURE_HEADER} (an HMAC-SHA256 of its time and body under
          this secret), so the receiver can check it came from Automate, and {WEB_ADDRESS_IDEMPOTENCY_HEADER}, the same
          on every attempt, so it can drop repeats.
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {data?.signingSecretCreatedAt
            ? `The secret in use was made ${formatVendorTime(data.signingSecretCreatedAt, timeZone)}.`
            : 'No secret yet: one is made with the first delivery, or make it here to see it.'}
        </Typography>
        <Button variant="outlined" onClick={ask} disabled={rotate.isPending || !data}>
          {data?.signingSecretCreatedAt ? 'Rotate the secret' : 'Make the secret'}
        </Button>
        {rotate.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {getErrorMessage(rotate.error, 'The secret could not be made.')}
          </Alert>
        ) : null}
        {rotate.data ? (
          <ShownOnce
            label="New signing secret"
            value={rotate.data.secret}
            warning="Copy the secret now: it is not shown again."
          />
        ) : null}
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="deliveries-heading" sx={{ p: 2 }}>
        <Typography id="deliveries-heading" variant="h6" component="h2" gutterBottom>
          Deliveries today
        </Typography>
        <Typography variant="body2">
          {data
            ? `${data.sentToday.toLocaleString('en')} of ${data.dailyLimit.toLocaleString('en')} a day ${data.planName ? `on your ${data.planName} plan` : 'without a plan'} (counted from midnight in the business’s time zone).`
            : 'Loading…'}
        </Typography>
      </Paper>
    </Stack>
  );
}
