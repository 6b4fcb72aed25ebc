import type { DocumentStatus, Invoice } from '@automate/contract';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { ScrollTable } from '@/components/ui/scroll-table.tsx';
import { downloadFile, getErrorMessage, isApiError } from '@/lib/api-client.ts';
import { formatCents, formatDate } from '@/lib/format.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useVendorClock } from '@/lib/vendor-time.ts';
import { useInvoice, useInvoiceStatus } from '../api/billing.ts';
import { DOCUMENT_STATUS_COLORS, DOCUMENT_STATUS_LABELS } from '../format-billing.ts';

const MOVE_WORDS: Record<DocumentStatus, string> = {
  DRAFT: 'Back to draft',
  SUBMITTED: 'Submit',
  AUTHORISED: 'Authorise',
  PAID: 'Mark as paid',
  VOIDED: 'Void',
  DELETED: 'Delete',
};
const FINAL_MOVES: ReadonlySet<DocumentStatus> = new Set(['PAID', 'VOIDED', 'DELETED']);

function Totals({ invoice }: { invoice: Invoice }) {
  const row = (label: string, cents: number, strong = false) => (
    <TableRow>
      <TableCell colSpan={3} align="right" sx={{ border: 0, fontWeight: strong ? 700 : 400 }}>
        {label}
      </TableCell>
      <TableCell align="right" sx={{ border: 0, fontWeight: strong ? 700 : 400 }}>
        {formatCents(cents, invoice.currency)}
      </TableCell>
    </TableRow>
  );
  return (
    <>
      {row('Subtotal (excluding GST)', invoice.subtotalCents)}
      {row('GST 15%', invoice.gstCents)}
      {row(`Total ${invoice.currency.toUpperCase()}`, invoice.totalCents, true)}
      {row('Paid', invoice.amountPaidCents)}
    </>
  );
}

/**
 * One invoice, laid out to print (the buttons and the app's frame stay off paper): a tax invoice
 * naming its supplier (legal name, address, GST number) and the business billed with its address, with
 * number, status, dates, lines, GST, totals and the supplier's footer, with the PDF and, while it is owed, the page to
 * pay it. `canChangeStatus` (SuperAdmins) adds the moves its status allows.
 */
export function InvoiceView({
  id,
  backPath,
  canChangeStatus = false,
  headingLevel = 1,
}: {
  id: string;
  backPath: string;
  canChangeStatus?: boolean;
  /** 2 under a vendor's header in the admin area, whose name is the page's h1. */
  headingLevel?: 1 | 2;
}) {
  const invoice = useInvoice(id);
  const move = useInvoiceStatus(id);
  // Dates on the clock of the business billed, as its PDF has them.
  const clock = useVendorClock(invoice.data?.vendorId);
  const confirm = useConfirm();
  const { toast } = useNotifications();

  if (invoice.isPending) return <Skeleton variant="rounded" height={420} />;
  if (invoice.isError) {
    return (
      <LoadError
        error={invoice.error}
        fallback="The invoice could not be loaded."
        onRetry={invoice.refetch}
        {...(isApiError(invoice.error) && invoice.error.status === 404
          ? { missingText: 'There is no such invoice.' }
          : {})}
      />
    );
  }
  const data = invoice.data;

  const changeTo = async (status: DocumentStatus) => {
    if (FINAL_MOVES.has(status)) {
      const confirmed = await confirm({
        title: `${MOVE_WORDS[status]} invoice ${data.number}?`,
        message: `A ${DOCUMENT_STATUS_LABELS[status].toLowerCase()} invoice cannot change again.`,
        confirmText: MOVE_WORDS[status],
        destructive: status !== 'PAID',
      });
      if (!confirmed) return;
    }
    try {
      const result = await move.mutateAsync(status);
      toast(result.message ?? `Invoice ${data.number} is now ${status}.`, 'success');
    } catch (error) {
      toast(getErrorMessage(error, 'The status could not be changed.'), 'error');
    }
  };
  const download = async () => {
    try {
      await downloadFile(`/Accounting/invoice/${encodeURIComponent(data.id)}/pdf`, `invoice-${data.number}.pdf`);
    } catch (error) {
      toast(getErrorMessage(error, 'The PDF could not be downloaded.'), 'error');
    }
  };

  return (
    <>
      <title>{`Invoice ${data.number} · Automate`}</title>
      <PageHeader
        title={`Invoice ${data.number}`}
        level={headingLevel}
        subtitle={data.vendorName}
        chips={<Chip label={DOCUMENT_STATUS_LABELS[data.status]} color={DOCUMENT_STATUS_COLORS[data.status]} />}
        actions={
          <Stack direction="row" spacing={1} sx={{ displayPrint: 'none', flexWrap: 'wrap' }} useFlexGap>
            <Button href={backPath}>All invoices</Button>
            <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
              Print
            </Button>
            <Button startIcon={<DownloadIcon />} variant="outlined" onClick={() => void download()}>
              PDF
            </Button>
            {data.paymentUrl ? (
              <Button variant="contained" href={data.paymentUrl} target="_blank" rel="noopener">
                Pay now
              </Button>
            ) : null}
          </Stack>
        }
      />
      {canChangeStatus && data.nextStatuses.length > 0 ? (
        <Stack direction="row" spacing={1} sx={{ mb: 2, displayPrint: 'none' }} role="group" aria-label="Change status">
          {data.nextStatuses.map((status) => (
            <PendingButton
              key={status}
              pending={move.isPending && move.variables === status}
              pendingText="Saving…"
              variant={status === 'DELETED' || status === 'VOIDED' ? 'outlined' : 'contained'}
              color={status === 'DELETED' || status === 'VOIDED' ? 'error' : 'primary'}
              disabled={move.isPending}
              onClick={() => void changeTo(status)}
            >
              {MOVE_WORDS[status]}
            </PendingButton>
          ))}
        </Stack>
      ) : null}
      {canChangeStatus && data.source === 'stripe' ? (
        <Alert severity="info" sx={{ mb: 2, displayPrint: 'none' }}>
          This invoice comes from Stripe: its status changes there.
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 3, '@media print': { border: 0, p: 0 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 3, justifyContent: 'space-between' }}
          data-testid="invoice-supplier"
        >
          <div>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
              {data.supplier.legalName || 'Automate'}
            </Typography>
            {data.supplier.address ? (
              <Typography sx={{ whiteSpace: 'pre-line' }}>{data.supplier.address}</Typography>
            ) : null}
            {data.supplier.taxNumber ? <Typography>GST number: {data.supplier.taxNumber}</Typography> : null}
          </div>
          <Typography variant="h6" component="p">
            Tax invoice {data.number}
          </Typography>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4} sx={{ mb: 3 }}>
          <div data-testid="invoice-customer">
            <Typography variant="overline">Billed to</Typography>
            <Typography sx={{ fontWeight: 600 }}>{data.vendorName}</Typography>
            {data.vendorAddress ? <Typography sx={{ whiteSpace: 'pre-line' }}>{data.vendorAddress}</Typography> : null}
          </div>
          <div>
            <Typography variant="overline">Issued</Typography>
            <Typography>{clock(data.issuedAt, 'date')}</Typography>
          </div>
          {data.dueDate ? (
            <div>
              <Typography variant="overline">Due</Typography>
              <Typography>{formatDate(data.dueDate)}</Typography>
            </div>
          ) : null}
          {data.periodStart && data.periodEnd ? (
            <div>
              <Typography variant="overline">Period</Typography>
              <Typography>
                {clock(data.periodStart, 'date')} – {clock(data.periodEnd, 'date')}
              </Typography>
            </div>
          ) : null}
          {data.reference ? (
            <div>
              <Typography variant="overline">Reference</Typography>
              <Typography>{data.reference}</Typography>
            </div>
          ) : null}
        </Stack>
        <ScrollTable
          label="Invoice lines"
          size="small"
          head={[
            { label: 'Description' },
            { label: 'Quantity', align: 'right' },
            { label: 'Unit price', align: 'right' },
            { label: 'Amount', align: 'right' },
          ]}
        >
          {data.lines.map((line, index) => (
            // Lines have no id of their own; their order is fixed.
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
            <TableRow key={index}>
              <TableCell>{line.description}</TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">{formatCents(line.unitAmountCents, data.currency)}</TableCell>
              <TableCell align="right">{formatCents(line.amountCents, data.currency)}</TableCell>
            </TableRow>
          ))}
          <Totals invoice={data} />
        </ScrollTable>
        {data.supplier.invoiceFooter ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3, whiteSpace: 'pre-line' }}>
            {data.supplier.invoiceFooter}
          </Typography>
        ) : null}
      </Paper>
    </>
  );
}
