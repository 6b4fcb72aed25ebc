import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

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

export function EmailTemplatesRoute() {
  return (
    <PlaceholderPage
      title="Email templates"
      description="The emails your automations send to clients, with merge fields, to create and edit."
    />
  );
}

export function EmailTemplateRoute() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title="Email template"
      description={`The editor for email template ${id}: subject, body with merge fields, and a preview.`}
    />
  );
}
