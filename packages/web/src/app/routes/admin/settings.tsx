import { AdminTemplateEditor } from '@/features/automation/templates/admin/admin-template-editor.tsx';
import { AdminTemplates } from '@/features/automation/templates/admin/admin-templates.tsx';
import { paddedRoute, placeholderRoute } from '../route-pages.tsx';

export const AdminEmailsRoute = placeholderRoute(
  'System emails',
  "The platform's own emails (confirm address, reset password, welcome, invitation) to edit.",
);

export const AdminEmailRoute = placeholderRoute(
  'System email',
  ({ id = '' }) => `The editor for system email ${id}: subject, body and a preview.`,
);

const TRIGGER_TEMPLATES_BASE = '/admin/settings/trigger/templates';

/** /admin/settings/trigger/templates/search: the template library, as under Automation. */
export const AdminTriggerTemplatesRoute = paddedRoute(() => <AdminTemplates basePath={TRIGGER_TEMPLATES_BASE} />);

/** /admin/settings/trigger/templates/view/{id}: a template in the trigger editor. */
export const AdminTriggerTemplateRoute = paddedRoute(({ id = '' }) => (
  <AdminTemplateEditor key={id} basePath={TRIGGER_TEMPLATES_BASE} id={id} />
));
