import { EmailTemplateEditor } from '@/features/email-templates/components/email-template-editor.tsx';
import { EmailTemplates } from '@/features/email-templates/components/email-templates.tsx';
import { paddedRoute, placeholderRoute } from '../route-pages.tsx';

export const SubscriptionOverviewRoute = placeholderRoute(
  'Subscription',
  'Your plan, its price and renewal date, with ways to change or cancel it.',
);

export const SubscriptionCheckoutRoute = placeholderRoute(
  'Checkout',
  'Choose a plan and pay for it securely with the payment provider.',
);

export const InvoicesRoute = placeholderRoute(
  'Invoices',
  'Your invoices, with their status, amount and date, to view or download.',
);

export const InvoiceRoute = placeholderRoute(
  'Invoice',
  ({ id = '' }) => `Invoice ${id}: its lines, totals, status and payments.`,
);

/** /app/account/emails/search: the current vendor's email templates. */
export const EmailTemplatesRoute = paddedRoute(() => <EmailTemplates />);

/** /app/account/emails/{id}; `new` writes a new template. */
export const EmailTemplateRoute = paddedRoute(({ id = '' }) => <EmailTemplateEditor id={id} />);
