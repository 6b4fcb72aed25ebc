import Box from '@mui/material/Box';
import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';
import { EmailTemplateEditor } from '@/features/email-templates/components/email-template-editor.tsx';
import { EmailTemplates } from '@/features/email-templates/components/email-templates.tsx';

export function SubscriptionOverviewRoute() {
  return (
    <PlaceholderPage
      title="Subscription"
      description="Your plan, its price and renewal date, with ways to change or cancel it."
    />
  );
}

export function SubscriptionCheckoutRoute() {
  return (
    <PlaceholderPage title="Checkout" description="Choose a plan and pay for it securely with the payment provider." />
  );
}

export function InvoicesRoute() {
  return (
    <PlaceholderPage
      title="Invoices"
      description="Your invoices, with their status, amount and date, to view or download."
    />
  );
}

export function InvoiceRoute() {
  const { id = '' } = useParams();
  return <PlaceholderPage title="Invoice" description={`Invoice ${id}: its lines, totals, status and payments.`} />;
}

/** /app/account/emails/search: the current vendor's email templates. */
export function EmailTemplatesRoute() {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <EmailTemplates />
    </Box>
  );
}

/** /app/account/emails/{id}; `new` writes a new template. */
export function EmailTemplateRoute() {
  const { id = '' } = useParams();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <EmailTemplateEditor id={id} />
    </Box>
  );
}
