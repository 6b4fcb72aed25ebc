import { AdminTemplateEditor } from '@/features/automation/templates/admin/admin-template-editor.tsx';
import { AdminTemplates } from '@/features/automation/templates/admin/admin-templates.tsx';
import { paddedRoute, placeholderRoute } from '../route-pages.tsx';

const TEMPLATES_BASE = '/admin/automation/templates';

/** /admin/automation/templates/search: the template library, drafts too. */
export const AdminTemplatesRoute = paddedRoute(() => <AdminTemplates basePath={TEMPLATES_BASE} />);

/** /admin/automation/templates/view/{id}: a template in the trigger editor. */
export const AdminTemplateRoute = paddedRoute(({ id = '' }) => (
  <AdminTemplateEditor key={id} basePath={TEMPLATES_BASE} id={id} />
));

export const AdminRunsRoute = placeholderRoute(
  'Trigger runs',
  'Every trigger run across all vendors, filterable by vendor, status and time, with its log.',
);
