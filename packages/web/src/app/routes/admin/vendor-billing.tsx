import { useParams } from 'react-router';
import { InvoiceView } from '@/features/billing/components/invoice-view.tsx';
import { VendorBilling } from '@/features/billing/components/vendor-billing.tsx';
import { paddedRoute } from '../route-pages.tsx';

const vendorBase = (id: string) => `/admin/vendors/${encodeURIComponent(id)}`;

function Billing() {
  const { id = '' } = useParams();
  return (
    <VendorBilling
      vendorId={id}
      invoicePath={(invoiceId) => `${vendorBase(id)}/invoice/${encodeURIComponent(invoiceId)}`}
    />
  );
}

/** /admin/vendors/{id}/billing: the vendor's plan and status, its invoices, and a new invoice. */
export const AdminVendorBillingRoute = paddedRoute(() => <Billing />);

/** /admin/vendors/{id}/invoice/{invoiceId}: the invoice with the status changes it allows. */
export const AdminVendorInvoiceRoute = paddedRoute(({ id = '', invoiceId = '' }) => (
  <InvoiceView id={invoiceId} backPath={`${vendorBase(id)}/billing`} canChangeStatus headingLevel={2} />
));
