import { AllRunsLog } from '@/features/automation/runs/all-runs-log.tsx';
import { AdminTemplateEditor } from '@/features/automation/templates/admin/admin-template-editor.tsx';
import { AdminTemplates } from '@/features/automation/templates/admin/admin-templates.tsx';
import { VendorFilter } from '@/features/vendors/components/vendor-filter.tsx';
import { paddedRoute } from '../route-pages.tsx';

const TEMPLATES_BASE = '/admin/automation/templates';

/** /admin/automation/templates/search: the template library, drafts too. */
export const AdminTemplatesRoute = paddedRoute(() => <AdminTemplates basePath={TEMPLATES_BASE} />);

/** /admin/automation/templates/view/{id}: a template in the trigger editor. */
export const AdminTemplateRoute = paddedRoute(({ id = '' }) => (
  <AdminTemplateEditor key={id} basePath={TEMPLATES_BASE} id={id} />
));

/** /admin/automation/runs: every vendor's runs, with the vendor Logs' step-log panel. */
export const AdminRunsRoute = paddedRoute(() => <AllRunsLog vendorFilter={(props) => <VendorFilter {...props} />} />);
