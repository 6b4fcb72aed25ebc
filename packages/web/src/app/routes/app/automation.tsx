import type { VendorMembership } from '@automate/contract';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { type Params, useParams } from 'react-router';
import { ActivityLog } from '@/features/audit/audit-log.tsx';
import { TriggerEditor } from '@/features/automation/editor/trigger-editor.tsx';
import { AutomationList } from '@/features/automation/list/automation-list.tsx';
import { NoVendorNotice } from '@/features/automation/list/no-vendor-notice.tsx';
import { RunLog } from '@/features/automation/runs/run-log.tsx';
import { AutomationSchedule } from '@/features/automation/schedule/automation-schedule.tsx';
import { Onboarding } from '@/features/automation/templates/onboarding.tsx';
import { OnboardingView } from '@/features/automation/templates/onboarding-view.tsx';
import { TemplateGallery } from '@/features/automation/templates/template-gallery.tsx';
import { useCurrentVendor } from '@/lib/session/session.ts';
import { PAGE_PADDING } from '../route-pages.tsx';

/** A page of the current vendor's automations; without a vendor, what to do instead. */
function vendorRoute(render: (vendor: VendorMembership, params: Readonly<Params>) => ReactNode) {
  return function VendorRoute() {
    const vendor = useCurrentVendor();
    const params = useParams();
    return <Box sx={PAGE_PADDING}>{vendor ? render(vendor, params) : <NoVendorNotice />}</Box>;
  };
}

/** /app/automation/search: the vendor's automations, with the search in the URL. */
export const AutomationSearchRoute = vendorRoute((vendor) => <AutomationList vendor={vendor} />);

/** /app/automation/templates: the template library. */
export const AutomationTemplatesRoute = vendorRoute((vendor) => <TemplateGallery vendorId={vendor.vendorId} />);

/** /app/automation/onboarding: the automations recommended to a new vendor. */
export const AutomationOnboardingRoute = vendorRoute((vendor) => <Onboarding vendor={vendor} />);

/** /app/automation/onboarding/view/{id}: one recommendation, tried on the vendor's jobs. */
export const AutomationOnboardingViewRoute = vendorRoute((vendor, { id = '' }) => (
  <OnboardingView key={`${vendor.vendorId}/${id}`} vendor={vendor} templateId={id} />
));

/** /app/automation/logs: every run of the vendor's automations. */
export const AutomationLogsRoute = vendorRoute((vendor) => <RunLog vendor={vendor} />);

/** /app/automation/schedule: runs waiting for their due time. */
export const AutomationScheduleRoute = vendorRoute((vendor) => <AutomationSchedule vendor={vendor} />);

/** /app/automation/view/{id} and /app/automation/view/new: the trigger editor, and a saved one's history. */
export const AutomationViewRoute = vendorRoute((vendor, { id = '' }) => (
  <>
    <TriggerEditor key={`${vendor.vendorId}/${id}`} vendorId={vendor.vendorId} id={id} />
    {id === 'new' ? null : (
      <Box sx={{ mt: 3 }}>
        <ActivityLog key={`${vendor.vendorId}/${id}`} title="History" vendorId={vendor.vendorId} triggerId={id} />
      </Box>
    )}
  </>
));

/** /app/automation/view/{id}/logs: one automation's runs. */
export const AutomationViewLogsRoute = vendorRoute((vendor, { id = '' }) => (
  <RunLog key={id} vendor={vendor} triggerId={id} />
));
