import { DOCUMENT_STATUSES, type Invoice } from '@automate/contract';
import Chip from '@mui/material/Chip';
import { useNavigate } from 'react-router';
import { type SearchFilterSpec, SearchPanel, searchResults } from '@/components/ui/search-panel.tsx';
import { linkColumn, type SearchTableColumn } from '@/components/ui/search-table.tsx';
import { formatCents, formatDate } from '@/lib/format.ts';
import type { SearchDefaults } from '@/lib/search-params.ts';
import { useSearchState } from '@/lib/use-search-state.ts';
import { useInvoiceSearch } from '../api/billing.ts';
import { DOCUMENT_STATUS_COLORS, DOCUMENT_STATUS_LABELS } from '../format-billing.ts';

const INVOICE_LIST_DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'issuedAt',
  SortDir: 'Descending',
  sortable: ['issuedAt', 'number', 'status', 'totalCents', 'dueDate'],
};

const FILTERS: readonly SearchFilterSpec[] = [
  { kind: 'text', label: 'Invoice number', field: 'number', action: 'ILike' },
  {
    kind: 'select',
    label: 'Status',
    field: 'status',
    anyLabel: 'Any status',
    options: DOCUMENT_STATUSES.map((status) => ({ value: status, label: DOCUMENT_STATUS_LABELS[status] })),
    minWidth: 200,
  },
];

/** A vendor's invoices (or, `vendorId` null, every vendor's for SuperAdmins), searched in the URL. */
export function InvoiceList({
  vendorId,
  invoicePath,
  showVendor = false,
}: {
  vendorId: string | null;
  invoicePath: (id: string) => string;
  showVendor?: boolean;
}) {
  const navigate = useNavigate();
  const [state, change] = useSearchState(INVOICE_LIST_DEFAULTS);
  const invoices = useInvoiceSearch(vendorId, state);
  const columns: Array<SearchTableColumn<Invoice>> = [
    {
      ...linkColumn(
        'number',
        'Number',
        (invoice: Invoice) => invoicePath(invoice.id),
        (invoice) => invoice.number,
      ),
      sortField: 'number',
    },
    ...(showVendor ? [{ key: 'vendor', label: 'Business', render: (invoice: Invoice) => invoice.vendorName }] : []),
    { key: 'issuedAt', label: 'Date', sortField: 'issuedAt', render: (invoice) => formatDate(invoice.issuedAt) ?? '' },
    { key: 'reference', label: 'Reference', render: (invoice) => invoice.reference },
    {
      key: 'status',
      label: 'Status',
      sortField: 'status',
      render: (invoice) => (
        <Chip
          size="small"
          label={DOCUMENT_STATUS_LABELS[invoice.status]}
          color={DOCUMENT_STATUS_COLORS[invoice.status]}
        />
      ),
    },
    {
      key: 'total',
      label: 'Total',
      sortField: 'totalCents',
      align: 'right',
      render: (invoice) => formatCents(invoice.totalCents, invoice.currency),
    },
  ];
  return (
    <SearchPanel
      filters={FILTERS}
      {...searchResults(invoices)}
      loadFailed="The invoices could not be loaded."
      label="Invoices"
      columns={columns}
      state={state}
      onChange={change}
      getRowKey={(invoice) => invoice.id}
      onRowClick={(invoice) => navigate(invoicePath(invoice.id))}
      emptyText={state.Filters.length > 0 ? 'No invoices match the search.' : 'No invoices yet.'}
    />
  );
}
