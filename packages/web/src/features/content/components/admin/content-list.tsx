import Chip from '@mui/material/Chip';
import type { SearchFilterSpec } from '@/components/ui/search-panel.tsx';
import type { SearchTableColumn } from '@/components/ui/search-table.tsx';
import { readerClock } from '@/lib/vendor-time.ts';

/** An article or an FAQ entry, as far as the list reads it. */
type ListedContent = { id: string; published: boolean; updated: string };

/** The Status column: Published or Draft. */
export function statusColumn<T extends ListedContent>(width?: number): SearchTableColumn<T> {
  return {
    key: 'published',
    label: 'Status',
    sortField: 'published',
    width,
    render: (row) =>
      row.published ? (
        <Chip label="Published" size="small" color="success" variant="outlined" />
      ) : (
        <Chip label="Draft" size="small" color="warning" variant="outlined" />
      ),
  };
}

/** The Updated column: the date and time of the last change. */
export function updatedColumn<T extends ListedContent>(width?: number): SearchTableColumn<T> {
  return {
    key: 'updated',
    label: 'Updated',
    sortField: 'updated',
    width,
    render: (row) => readerClock(row.updated),
  };
}

/** The Status filter: published ones or drafts. */
export const STATUS_FILTER: SearchFilterSpec = {
  kind: 'select',
  label: 'Status',
  field: 'published',
  anyLabel: 'All',
  options: [
    { value: true, label: 'Published' },
    { value: false, label: 'Drafts' },
  ],
};
