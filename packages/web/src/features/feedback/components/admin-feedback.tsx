import type { AdminFeedbackMessage } from '@automate/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SearchFilterSpec } from '@/components/ui/search-panel.tsx';
import { SearchScreen } from '@/components/ui/search-screen.tsx';
import type { SearchTableColumn } from '@/components/ui/search-table.tsx';
import type { SearchDefaults } from '@/lib/search-params.ts';
import { formatVendorTime } from '@/lib/vendor-time.ts';
import { useAdminFeedbackSearch } from '../api/admin-feedback.ts';

const FEEDBACK_SEARCH_DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'createdAt',
  SortDir: 'Descending',
  sortable: ['createdAt', 'rating'],
};

const COLUMNS: ReadonlyArray<SearchTableColumn<AdminFeedbackMessage>> = [
  {
    key: 'createdAt',
    label: 'Sent',
    sortField: 'createdAt',
    // On the clock of the business it came from, named when it differs from the reader's.
    render: (row) => formatVendorTime(row.createdAt, row.vendorTimeZone || undefined),
  },
  {
    key: 'message',
    label: 'Message',
    render: (row) => (
      <Box component="span" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', display: 'block', maxWidth: 480 }}>
        {row.message}
      </Box>
    ),
  },
  {
    key: 'rating',
    label: 'Rating',
    sortField: 'rating',
    align: 'right',
    render: (row) => (row.rating === null ? 'None' : `${row.rating} of 5`),
  },
  {
    key: 'page',
    label: 'Page',
    render: (row) => (
      <Box component="code" sx={{ wordBreak: 'break-all' }}>
        {row.page}
      </Box>
    ),
  },
  {
    key: 'vendor',
    label: 'Business',
    render: (row) => <Link href={`/admin/vendors/${encodeURIComponent(row.vendorId)}`}>{row.vendorName}</Link>,
  },
  {
    key: 'user',
    label: 'Sent by',
    render: (row) => <Link href={`/admin/users/${encodeURIComponent(row.userId)}`}>{row.userName}</Link>,
  },
];

const FILTERS: readonly SearchFilterSpec[] = [
  { kind: 'text', label: 'Search messages', field: 'message', action: 'ILike' },
];

/** /admin/feedback: what people sent with the built-in feedback form, newest first, with their business and name. */
export function AdminFeedback() {
  return (
    <SearchScreen
      documentTitle="Feedback received · Super admin · Automate"
      title="Feedback received"
      subtitle="What people sent from the Feedback form inside the app, newest first."
      label="Feedback received"
      defaults={FEEDBACK_SEARCH_DEFAULTS}
      useSearch={useAdminFeedbackSearch}
      loadFailed="The feedback could not be loaded."
      filters={FILTERS}
      columns={COLUMNS}
      emptyText={{ filtered: 'No feedback matches these filters.', none: 'No feedback has been sent yet.' }}
    />
  );
}
