import type { Faq } from '@automate/contract';
import { RecordSearchList } from '@/components/ui/record-search-list.tsx';
import { linkColumn, type SearchTableColumn } from '@/components/ui/search-table.tsx';
import type { SearchDefaults } from '@/lib/search-params.ts';
import { useFaqSearch } from '../../api/search-faqs.ts';
import { STATUS_FILTER, statusColumn, updatedColumn } from './content-list.tsx';

const FAQ_SEARCH_DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'sortOrder',
  SortDir: 'Ascending',
  sortable: ['question', 'sortOrder', 'published', 'updated'],
};

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
  linkColumn(
    'question',
    'Question',
    (faq) => adminFaqPath(faq.id),
    (faq) => faq.question,
  ),
  statusColumn(120),
  updatedColumn(200),
];

/** /admin/faq/search: every FAQ entry (drafts too) in their order, to filter, sort, page and open. */
export function AdminFaqs() {
  return (
    <RecordSearchList
      documentTitle="FAQ · Super admin · Automate"
      title="FAQ"
      subtitle="Frequently asked questions, shown in the help center in this order."
      newPath="/admin/faq/new"
      newLabel="New question"
      label="FAQ entries"
      defaults={FAQ_SEARCH_DEFAULTS}
      useSearch={useFaqSearch}
      loadFailed="The FAQ entries could not be loaded."
      filters={[{ kind: 'text', label: 'Search questions', field: 'question' }, STATUS_FILTER]}
      columns={COLUMNS}
      pathOf={adminFaqPath}
      emptyText={{ filtered: 'No questions match these filters.', none: 'No questions yet. Write the first one.' }}
    />
  );
}
