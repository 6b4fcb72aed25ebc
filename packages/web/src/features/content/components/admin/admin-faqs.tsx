import type { Faq } from '@automate/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SearchTable, type SearchTableColumn } from '@/components/ui/search-table.tsx';
import { SelectFilter } from '@/components/ui/select-filter.tsx';
import { TextFilter } from '@/components/ui/text-filter.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { filterValue, type SearchDefaults, toSearchQuery } from '@/lib/search-params.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useSearchState } from '@/lib/use-search-state.ts';
import { useFaqSearch } from '../../api/search-faqs.ts';

const FAQ_SEARCH_DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'sortOrder',
  SortDir: 'Ascending',
  sortable: ['question', 'sortOrder', 'published', 'updated'],
};

const FAQS_LOAD_FAILED = 'The FAQ entries could not be loaded.';

export const adminFaqPath = (id: string) => `/admin/faq/${encodeURIComponent(id)}`;

const COLUMNS: ReadonlyArray<SearchTableColumn<Faq>> = [
  {
    key: 'sortOrder',
    label: 'Order',
    sortField: 'sortOrder',
    align: 'right',
    width: 96,
    render: (faq) => faq.sortOrder,
  },
  {
    key: 'question',
    label: 'Question',
    sortField: 'question',
    render: (faq) => (
      <Link href={adminFaqPath(faq.id)} sx={{ fontWeight: 600 }}>
        {faq.question}
      </Link>
    ),
  },
  {
    key: 'published',
    label: 'Status',
    sortField: 'published',
    width: 120,
    render: (faq) =>
      faq.published ? (
        <Chip label="Published" size="small" color="success" variant="outlined" />
      ) : (
        <Chip label="Draft" size="small" color="warning" variant="outlined" />
      ),
  },
  {
    key: 'updated',
    label: 'Updated',
    sortField: 'updated',
    width: 200,
    render: (faq) => formatDateTime(faq.updated) ?? '',
  },
];

const PUBLISHED_OPTIONS = [
  { value: true, label: 'Published' },
  { value: false, label: 'Drafts' },
];

/** /admin/faq/search: every FAQ entry (drafts too) in their order, to filter, sort, page and open. */
export function AdminFaqs() {
  const navigate = useNavigate();
  const [state, change] = useSearchState(FAQ_SEARCH_DEFAULTS);
  const search = useFaqSearch(toSearchQuery(state));
  useErrorToast(search.error, FAQS_LOAD_FAILED);

  const question = filterValue(state.Filters, 'question');
  const published = filterValue(state.Filters, 'published');
  const filtered = state.Filters.length > 0;

  return (
    <>
      <title>FAQ · Super admin · Automate</title>
      <PageHeader
        title="FAQ"
        subtitle="Frequently asked questions, shown in the help center in this order."
        actions={
          <Button href="/admin/faq/new" variant="contained" startIcon={<AddIcon />}>
            New question
          </Button>
        }
      />
      <Paper variant="outlined">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2, pb: 1 }} role="search">
          <TextFilter
            label="Search questions"
            field="question"
            value={typeof question === 'string' ? question : ''}
            onChange={change}
          />
          <SelectFilter
            label="Status"
            field="published"
            value={published}
            anyLabel="All"
            options={PUBLISHED_OPTIONS}
            onChange={change}
          />
        </Stack>
        {search.isError ? (
          <LoadError error={search.error} fallback={FAQS_LOAD_FAILED} onRetry={() => search.refetch()} sx={{ mx: 2 }} />
        ) : null}
        <SearchTable
          label="FAQ entries"
          columns={COLUMNS}
          rows={search.data?.rows}
          total={search.data?.total ?? 0}
          state={state}
          onChange={change}
          loading={search.isPending}
          fetching={search.isFetching}
          getRowKey={(faq) => faq.id}
          onRowClick={(faq) => navigate(adminFaqPath(faq.id))}
          emptyText={filtered ? 'No questions match these filters.' : 'No questions yet. Write the first one.'}
        />
      </Paper>
    </>
  );
}
