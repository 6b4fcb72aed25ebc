import { AllRunsLog } from '@/features/automation/runs/all-runs-log.tsx';
import { VendorFilter } from '@/features/vendors/components/vendor-filter.tsx';
import { paddedRoute, placeholderRoute } from '../route-pages.tsx';

export const AdminTemplatesRoute = placeholderRoute(
  'Automation templates',
  'The templates vendors can copy, to search, create, edit and publish.',
);

export const AdminTemplateRoute = placeholderRoute(
  'Automation template',
  ({ id = '' }) => `The editor for automation template ${id}.`,
);

/** /admin/automation/runs: every vendor's runs, with the vendor Logs' step-log panel. */
export const AdminRunsRoute = paddedRoute(() => <AllRunsLog vendorFilter={(props) => <VendorFilter {...props} />} />);
