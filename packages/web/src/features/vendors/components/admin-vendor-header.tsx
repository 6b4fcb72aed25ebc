import { type AdminVendorDetail, planLabel } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { getErrorMessage, isApiError } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { formatVendorTime, type VendorClock } from '@/lib/vendor-time.ts';
import { useAdminVendor, useVendorAction, type VendorAction } from '../api/admin-vendors.ts';
import { adminVendorPath, vendorRunsPath } from '../paths.ts';
import { SuspendDialog } from './suspend-dialog.tsx';

/** The vendor page's tabs: each a child route of /admin/vendors/{id}. */
const TABS = [
  { value: 'triggers', label: 'Triggers' },
  { value: 'users', label: 'Users' },
  { value: 'billing', label: 'Billing' },
  { value: 'audit', label: 'Audit log' },
] as const;

function VendorActions({ vendor }: { vendor: AdminVendorDetail }) {
  const act = useVendorAction(vendor.id);
  const confirm = useConfirm();
  const { toast } = useNotifications();
  const [suspending, setSuspending] = useState(false);
  const run = (action: VendorAction, failed: string) =>
    act.mutate(action, {
      onSuccess: ({ message }) => toast(message ?? 'Done.', 'success'),
      onError: (error) => toast(getErrorMessage(error, failed), 'error'),
    });
  const disconnect = async () => {
    const confirmed = await confirm({
      title: `Disconnect ${vendor.name} from ServiceM8?`,
      message:
        'Its tokens are deleted: automations stop reaching the account and ServiceM8 changes no longer arrive until an Admin connects again. Automations and their logs stay.',
      confirmText: 'Disconnect',
      destructive: true,
    });
    if (confirmed) run({ kind: 'disconnect' }, 'ServiceM8 could not be disconnected.');
  };
  const resume = async () => {
    const confirmed = await confirm({
      title: `Resume ${vendor.name}'s automations?`,
      message: 'New runs go ahead again as their events happen.',
      confirmText: 'Resume',
    });
    if (confirmed) run({ kind: 'suspension', request: { suspended: false } }, 'The automations could not be resumed.');
  };
  const busy = act.isPending;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {vendor.sm8Connected ? (
        <>
          <Button variant="outlined" disabled={busy} onClick={() => run({ kind: 'resync' }, 'The sync failed.')}>
            Re-sync ServiceM8
          </Button>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => run({ kind: 'check-webhooks' }, 'The webhooks could not be checked.')}
          >
            Check webhooks
          </Button>
          <Button variant="outlined" color="error" disabled={busy} onClick={() => void disconnect()}>
            Disconnect ServiceM8
          </Button>
        </>
      ) : null}
      {vendor.automationsSuspended ? (
        <Button variant="contained" disabled={busy} onClick={() => void resume()}>
          Resume automations
        </Button>
      ) : (
        <Button variant="outlined" color="warning" disabled={busy} onClick={() => setSuspending(true)}>
          Suspend automations
        </Button>
      )}
      <SuspendDialog
        vendorName={vendor.name}
        open={suspending}
        onClose={() => setSuspending(false)}
        onSuspend={(reason) => {
          setSuspending(false);
          run({ kind: 'suspension', request: { suspended: true, reason } }, 'The automations could not be suspended.');
        }}
      />
    </Stack>
  );
}

/**
 * The head of /admin/vendors/{id}: the vendor's name, state and activity, its actions (re-sync,
 * check webhooks, disconnect, suspend or resume), and its tabs (`current`: the tab shown).
 */
export function AdminVendorHeader({ id, current }: { id: string; current: string | false }) {
  const vendor = useAdminVendor(id);
  if (vendor.isError) {
    return (
      <LoadError
        error={vendor.error}
        fallback="The vendor could not be loaded."
        onRetry={() => vendor.refetch()}
        {...(isApiError(vendor.error) && vendor.error.status === 404
          ? { missingText: 'This vendor does not exist.' }
          : {})}
      />
    );
  }
  if (!vendor.data) return <Skeleton variant="rounded" height={120} data-testid="vendor-loading" />;
  const data = vendor.data;
  const connection = data.serviceM8;
  // Times about this vendor are on its clock, named where the reader's differs.
  const clock: VendorClock = (value) => formatVendorTime(value, data.timeZone);
  return (
    <>
      <title>{`${data.name} · Vendors · Automate`}</title>
      <PageHeader
        title={data.name}
        subtitle={
          connection
            ? `ServiceM8${connection.accountName ? `: ${connection.accountName}` : ''} · last synced ${
                connection.lastSyncedAt ? clock(connection.lastSyncedAt) : 'never'
              }`
            : 'Not connected to ServiceM8'
        }
        chips={
          <>
            <Chip size="small" label={planLabel(data.currentSubscriptionType)} variant="outlined" />
            {data.automationsSuspended ? <Chip size="small" color="warning" label="Automations suspended" /> : null}
          </>
        }
      />
      <Stack spacing={2} sx={{ mb: 2 }}>
        {data.automationsSuspended ? (
          <Alert severity="warning">
            Suspended {clock(data.automationsSuspended.since)}: {data.automationsSuspended.reason}
          </Alert>
        ) : null}
        {connection?.needsReconnectSince ? (
          <Alert severity="error">ServiceM8 refused the tokens: an Admin of {data.name} must connect again.</Alert>
        ) : null}
        <VendorActions vendor={data} />
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <span>{data.enabledTriggers} automations on</span>
          <a href={vendorRunsPath(data.id)}>{data.runs30Days} runs in 30 days</a>
          <a href={vendorRunsPath(data.id, 'Failed')}>{data.failures30Days} failed</a>
          <span>Last activity {data.lastActivityAt ? clock(data.lastActivityAt) : 'never'}</span>
        </Stack>
      </Stack>
      <Tabs value={current} aria-label="Vendor sections" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} href={`${adminVendorPath(id)}/${tab.value}`} />
        ))}
      </Tabs>
    </>
  );
}

/** The tab of the vendor page `pathname` shows, if any. */
export function currentVendorTab(id: string, pathname: string): string | false {
  const base = adminVendorPath(id);
  return TABS.find((tab) => pathname.startsWith(`${base}/${tab.value}`))?.value ?? false;
}
