import { ActivityPage } from '@/features/automation/activity/activity-page.tsx';
import { AutomationList } from '@/features/automation/list/automation-list.tsx';
import { RunLog } from '@/features/automation/runs/run-log.tsx';
import { AutomationSchedule } from '@/features/automation/schedule/automation-schedule.tsx';
import { Onboarding } from '@/features/automation/templates/onboarding.tsx';
import { OnboardingView } from '@/features/automation/templates/onboarding-view.tsx';
import { TemplateGallery } from '@/features/automation/templates/template-gallery.tsx';
import { vendorRoute } from './vendor-route.tsx';

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

/** /app/automation/activity: every change ServiceM8 reported, and what each automation did about it. */
export const AutomationActivityRoute = vendorRoute((vendor) => <ActivityPage vendor={vendor} />);

/** /app/automation/schedule: runs waiting for their due time. */
export const AutomationScheduleRoute = vendorRoute((vendor) => <AutomationSchedule vendor={vendor} />);

/** /app/automation/view/{id}/logs: one automation's runs. */
export const AutomationViewLogsRoute = vendorRoute((vendor, { id = '' }) => (
  <RunLog key={id} vendor={vendor} triggerId={id} />
));
