import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useVendor, useVendorClock } from '@/lib/vendor-time.ts';

/** While the Automate team has suspended the vendor's automations: since when, and the reason they gave. */
export function SuspendedNotice({ vendorId }: { vendorId: string }) {
  const suspended = useVendor(vendorId).data?.automationsSuspended;
  const clock = useVendorClock(vendorId);
  if (!suspended) return null;
  return (
    <Alert severity="warning" data-testid="automations-suspended">
      <AlertTitle>Your automations are suspended</AlertTitle>
      Since {clock(suspended.since)} the Automate team has paused them: {suspended.reason} Each run is skipped with this
      reason until they are resumed; contact support to sort it out.
    </Alert>
  );
}
