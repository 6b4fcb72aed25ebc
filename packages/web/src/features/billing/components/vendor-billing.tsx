import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { InvoiceCreateDialog } from './invoice-create-dialog.tsx';
import { InvoiceList } from './invoice-list.tsx';
import { SubscriptionOverview } from './subscription-overview.tsx';

/** A vendor's billing for SuperAdmins: its plan and status, its invoices, and writing an invoice. */
export function VendorBilling({
  vendorId,
  invoicePath,
}: {
  vendorId: string;
  invoicePath: (invoiceId: string) => string;
}) {
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <Stack spacing={3}>
      <title>Billing · Vendor · Automate</title>
      <SubscriptionOverview vendorId={vendorId} vendorName="This vendor" checkoutPath={null} canManage={false} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Invoices
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          New invoice
        </Button>
      </Stack>
      <InvoiceList vendorId={vendorId} invoicePath={invoicePath} />
      {creating ? (
        <InvoiceCreateDialog
          vendorId={vendorId}
          open
          onClose={() => setCreating(false)}
          onCreated={(invoiceId) => navigate(invoicePath(invoiceId))}
        />
      ) : null}
    </Stack>
  );
}
