import type { CurrentSubscription, VendorMembership } from '@automate/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useVendor } from '@/lib/vendor-time.ts';
import { CHECKOUT_PATH } from './dashboard-links.ts';

/**
 * While the business has no plan (it never chose one, or its subscription ended), its automations do
 * not run: each run is skipped. An Admin is sent to the plans; a User is told who can choose one.
 * `subscription` is the Admin's fresher view of it (undefined for a User, who cannot see billing): once
 * there is one, the plan's usage panel says whether automations are paused instead.
 */
export function NoPlanNotice({
  vendor,
  subscription,
}: {
  vendor: VendorMembership;
  subscription: CurrentSubscription | null | undefined;
}) {
  const record = useVendor(vendor.vendorId).data;
  if (!record || record.subscriptionActive || record.hasCurrentSubscription || record.automationsSuspended) return null;
  const admin = vendor.role === 'Admin';
  if (admin && subscription !== null) return null;
  return (
    <Alert
      severity="info"
      data-testid="no-plan"
      action={
        admin ? (
          <Button href={CHECKOUT_PATH} color="inherit" size="small">
            Choose a plan
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>Your automations do not run yet</AlertTitle>
      {admin
        ? 'Choose a plan to start them: until then each run is skipped. A plan’s free trial counts.'
        : 'An Admin of your business needs to choose a plan: until then each run is skipped.'}
    </Alert>
  );
}
