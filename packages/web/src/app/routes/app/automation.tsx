import Box from '@mui/material/Box';
import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';
import { TriggerEditor } from '@/features/automation/editor/trigger-editor.tsx';
import { AutomationList } from '@/features/automation/list/automation-list.tsx';
import { NoVendorNotice } from '@/features/automation/list/no-vendor-notice.tsx';
import { RunLog } from '@/features/automation/runs/run-log.tsx';
import { AutomationSchedule } from '@/features/automation/schedule/automation-schedule.tsx';
import { useCurrentVendor } from '@/lib/session/session.ts';

/** /app/automation/search: the vendor's automations, with the search in the URL. */
export function AutomationSearchRoute() {
  const vendor = useCurrentVendor();
  return <Box sx={{ p: { xs: 2, sm: 3 } }}>{vendor ? <AutomationList vendor={vendor} /> : <NoVendorNotice />}</Box>;
}

export function AutomationTemplatesRoute() {
  return (
    <PlaceholderPage
      title="Templates"
      description="Ready-made automations (quote follow-ups, review requests, invoice reminders) to copy into your account and adjust."
    />
  );
}

export function AutomationOnboardingRoute() {
  return (
    <PlaceholderPage
      title="Onboarding"
      description="The recommended first automations for a new account, to switch on in a few clicks."
    />
  );
}

export function AutomationOnboardingViewRoute() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title="Onboarding template"
      description={`The onboarding template ${id}: what it does, the events and conditions it uses, and a button to add it.`}
    />
  );
}

/** /app/automation/logs: every run of the vendor's automations. */
export function AutomationLogsRoute() {
  const vendor = useCurrentVendor();
  return <Box sx={{ p: { xs: 2, sm: 3 } }}>{vendor ? <RunLog vendor={vendor} /> : <NoVendorNotice />}</Box>;
}

/** /app/automation/schedule: runs waiting for their due time. */
export function AutomationScheduleRoute() {
  const vendor = useCurrentVendor();
  return <Box sx={{ p: { xs: 2, sm: 3 } }}>{vendor ? <AutomationSchedule vendor={vendor} /> : <NoVendorNotice />}</Box>;
}

/** /app/automation/view/{id} and /app/automation/view/new: the trigger editor. */
export function AutomationViewRoute() {
  const { id = '' } = useParams();
  const vendor = useCurrentVendor();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      {vendor ? (
        <TriggerEditor key={`${vendor.vendorId}/${id}`} vendorId={vendor.vendorId} id={id} />
      ) : (
        <NoVendorNotice />
      )}
    </Box>
  );
}

/** /app/automation/view/{id}/logs: one automation's runs. */
export function AutomationViewLogsRoute() {
  const { id = '' } = useParams();
  const vendor = useCurrentVendor();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      {vendor ? <RunLog key={id} vendor={vendor} triggerId={id} /> : <NoVendorNotice />}
    </Box>
  );
}
