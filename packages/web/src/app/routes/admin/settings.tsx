import { AdminTemplateEditor } from '@/features/automation/templates/admin/admin-template-editor.tsx';
import { AdminTemplates } from '@/features/automation/templates/admin/admin-templates.tsx';
import { SystemEmailEditor } from '@/features/system-emails/components/system-email-editor.tsx';
import { SystemEmails } from '@/features/system-emails/components/system-emails.tsx';
import { paddedRoute } from '../route-pages.tsx';

/** /admin/settings/emails/search */
export const AdminEmailsRoute = paddedRoute(() => <SystemEmails />);

/** /admin/settings/emails/{id}; `new` writes a new template. */
export const AdminEmailRoute = paddedRoute(({ id = '' }) => <SystemEmailEditor key={id} id={id} />);

const TRIGGER_TEMPLATES_BASE = '/admin/settings/trigger/templates';

/** /admin/settings/trigger/templates/search: the template library, as under Automation. */
export const AdminTriggerTemplatesRoute = paddedRoute(() => <AdminTemplates basePath={TRIGGER_TEMPLATES_BASE} />);

/** /admin/settings/trigger/templates/view/{id}: a template in the trigger editor. */
export const AdminTriggerTemplateRoute = paddedRoute(({ id = '' }) => (
  <AdminTemplateEditor key={id} basePath={TRIGGER_TEMPLATES_BASE} id={id} />
));
