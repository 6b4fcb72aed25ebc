import { AdminTemplateEditor } from '@/features/automation/templates/admin/admin-template-editor.tsx';
import { AdminTemplates } from '@/features/automation/templates/admin/admin-templates.tsx';
import { InvoiceDetailsSettings } from '@/features/billing/components/invoice-details-settings.tsx';
import { SystemEmailEditor } from '@/features/system-emails/components/system-email-editor.tsx';
import { SystemEmails } from '@/features/system-emails/components/system-emails.tsx';
import { settingsRoute } from './settings-tabs.tsx';

/** /admin/settings/emails/search */
export const AdminEmailsRoute = settingsRoute(() => <SystemEmails />);

/** /admin/settings/emails/{id}; `new` writes a new template. */
export const AdminEmailRoute = settingsRoute(({ id = '' }) => <SystemEmailEditor key={id} id={id} />);

const TRIGGER_TEMPLATES_BASE = '/admin/settings/trigger/templates';

/** /admin/settings/trigger/templates/search: the template library, as under Automation. */
export const AdminTriggerTemplatesRoute = settingsRoute(() => <AdminTemplates basePath={TRIGGER_TEMPLATES_BASE} />);

/** /admin/settings/trigger/templates/view/{id}: a template in the trigger editor. */
export const AdminTriggerTemplateRoute = settingsRoute(({ id = '' }) => (
  <AdminTemplateEditor key={id} basePath={TRIGGER_TEMPLATES_BASE} id={id} />
));

/** /admin/settings/invoicing: the platform's details on its tax invoices. */
export const AdminInvoicingRoute = settingsRoute(() => <InvoiceDetailsSettings />);
