import { placeholderRoute } from '../route-pages.tsx';

export const AdminEmailsRoute = placeholderRoute(
  'System emails',
  "The platform's own emails (confirm address, reset password, welcome, invitation) to edit.",
);

export const AdminEmailRoute = placeholderRoute(
  'System email',
  ({ id = '' }) => `The editor for system email ${id}: subject, body and a preview.`,
);

export const AdminTriggerTemplatesRoute = placeholderRoute(
  'Trigger templates',
  'The trigger templates offered during onboarding, to search, create and edit.',
);

export const AdminTriggerTemplateRoute = placeholderRoute(
  'Trigger template',
  ({ id = '' }) => `The editor for trigger template ${id}.`,
);
