import { ARTICLE_CATEGORIES, type Article } from '@automate/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
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
import { useArticleSearch } from '../../api/search-articles.ts';
import { categoryLabel } from '../../categories.ts';

const ARTICLE_SEARCH_DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'updated',
  SortDir: 'Descending',
  sortable: ['title', 'category', 'slug', 'published', 'updated'],
};

const ARTICLES_LOAD_FAILED = 'The articles could not be loaded.';

export const adminArticlePath = (id: string) => `/admin/articles/${encodeURIComponent(id)}`;

const COLUMNS: ReadonlyArray<SearchTableColumn<Article>> = [
  {
    key: 'title',
    label: 'Title',
    sortField: 'title',
    render: (article) => (
      <Link href={adminArticlePath(article.id)} sx={{ fontWeight: 600 }}>
        {article.title}
      </Link>
    ),
  },
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
  {
    key: 'published',
    label: 'Status',
    sortField: 'published',
    render: (article) =>
      article.published ? (
        <Chip label="Published" size="small" color="success" variant="outlined" />
      ) : (
        <Chip label="Draft" size="small" color="warning" variant="outlined" />
      ),
  },
  {
    key: 'updated',
    label: 'Updated',
    sortField: 'updated',
    render: (article) => formatDateTime(article.updated) ?? '',
  },
];

const PUBLISHED_OPTIONS = [
  { value: true, label: 'Published' },
  { value: false, label: 'Drafts' },
];
const CATEGORY_OPTIONS = ARTICLE_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));

/**
 * /admin/articles/search: every article (drafts too), to filter by title, category and status, sort,
 * page through and open in the editor.
 */
export function AdminArticles() {
  const navigate = useNavigate();
  const [state, change] = useSearchState(ARTICLE_SEARCH_DEFAULTS);
  const search = useArticleSearch(toSearchQuery(state));
  useErrorToast(search.error, ARTICLES_LOAD_FAILED);

  const title = filterValue(state.Filters, 'title');
  const category = filterValue(state.Filters, 'category');
  const published = filterValue(state.Filters, 'published');
  const filtered = state.Filters.length > 0;

  return (
    <>
      <title>Articles · Super admin · Automate</title>
      <PageHeader
        title="Articles"
        subtitle="Help articles, the legal pages and the changelog, written in Markdown."
        actions={
          <Button href="/admin/articles/new" variant="contained" startIcon={<AddIcon />}>
            New article
          </Button>
        }
      />
      <Paper variant="outlined">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2, pb: 1 }} role="search">
          <TextFilter
            label="Search titles"
            field="title"
            value={typeof title === 'string' ? title : ''}
            onChange={change}
          />
          <SelectFilter
            label="Category"
            field="category"
            value={category}
            anyLabel="All categories"
            options={CATEGORY_OPTIONS}
            onChange={change}
            minWidth={200}
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
          <LoadError
            error={search.error}
            fallback={ARTICLES_LOAD_FAILED}
            onRetry={() => search.refetch()}
            sx={{ mx: 2 }}
          />
        ) : null}
        <SearchTable
          label="Articles"
          columns={COLUMNS}
          rows={search.data?.rows}
          total={search.data?.total ?? 0}
          state={state}
          onChange={change}
          loading={search.isPending}
          fetching={search.isFetching}
          getRowKey={(article) => article.id}
          onRowClick={(article) => navigate(adminArticlePath(article.id))}
          emptyText={filtered ? 'No articles match these filters.' : 'No articles yet. Write the first one.'}
        />
      </Paper>
    </>
  );
}
