import { ARTICLE_CATEGORIES, type Article } from '@automate/contract';
import Typography from '@mui/material/Typography';
import { RecordSearchList } from '@/components/ui/record-search-list.tsx';
import type { SearchFilterSpec } from '@/components/ui/search-panel.tsx';
import { linkColumn, type SearchTableColumn } from '@/components/ui/search-table.tsx';
import type { SearchDefaults } from '@/lib/search-params.ts';
import { useArticleSearch } from '../../api/search-articles.ts';
import { categoryLabel } from '../../categories.ts';
import { STATUS_FILTER, statusColumn, updatedColumn } from './content-list.tsx';

const ARTICLE_SEARCH_DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'updated',
  SortDir: 'Descending',
  sortable: ['title', 'category', 'slug', 'published', 'updated'],
};

export const adminArticlePath = (id: string) => `/admin/articles/${encodeURIComponent(id)}`;

const COLUMNS: ReadonlyArray<SearchTableColumn<Article>> = [
  linkColumn(
    'title',
    'Title',
    (article) => adminArticlePath(article.id),
    (article) => article.title,
  ),
  {
    key: 'category',
    label: 'Category',
    sortField: 'category',
    render: (article) => categoryLabel(article.category),
  },
  {
    key: 'slug',
    label: 'Slug',
    sortField: 'slug',
    render: (article) => (
      <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace' }}>
        {article.slug}
      </Typography>
    ),
  },
  statusColumn(),
  updatedColumn(),
];

const FILTERS: readonly SearchFilterSpec[] = [
  { kind: 'text', label: 'Search titles', field: 'title' },
  {
    kind: 'select',
    label: 'Category',
    field: 'category',
    anyLabel: 'All categories',
    options: ARTICLE_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) })),
    minWidth: 200,
  },
  STATUS_FILTER,
];

/**
 * /admin/articles/search: every article (drafts too), to filter by title, category and status, sort,
 * page through and open in the editor.
 */
export function AdminArticles() {
  return (
    <RecordSearchList
      documentTitle="Articles · Super admin · Automate"
      title="Articles"
      subtitle="Help articles, the legal pages and the changelog, written in Markdown."
      newPath="/admin/articles/new"
      newLabel="New article"
      label="Articles"
      defaults={ARTICLE_SEARCH_DEFAULTS}
      useSearch={useArticleSearch}
      loadFailed="The articles could not be loaded."
      filters={FILTERS}
      columns={COLUMNS}
      pathOf={adminArticlePath}
      emptyText={{ filtered: 'No articles match these filters.', none: 'No articles yet. Write the first one.' }}
    />
  );
}
