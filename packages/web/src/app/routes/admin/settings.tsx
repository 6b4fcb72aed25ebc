import { SystemEmailEditor } from '@/features/system-emails/components/system-email-editor.tsx';
import { SystemEmails } from '@/features/system-emails/components/system-emails.tsx';
import { paddedRoute, placeholderRoute } from '../route-pages.tsx';

/** /admin/settings/emails/search */
export const AdminEmailsRoute = paddedRoute(() => <SystemEmails />);

/** /admin/settings/emails/{id}; `new` writes a new template. */
export const AdminEmailRoute = paddedRoute(({ id = '' }) => <SystemEmailEditor key={id} id={id} />);

export const AdminTriggerTemplatesRoute = placeholderRoute(
  'Trigger templates',
  'The trigger templates offered during onboarding, to search, create and edit.',
);

export const AdminTriggerTemplateRoute = placeholderRoute(
  'Trigger template',
  ({ id = '' }) => `The editor for trigger template ${id}.`,
);

export const AdminProductsRoute = placeholderRoute(
  'Products',
  'Subscription products and their prices, to create, edit and retire.',
);
