import type { SearchFilter, SearchQueryInput } from '@automate/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error.tsx';
import { useSearchText } from '@/lib/use-search-text.ts';
import { useArticleSearch } from '../api/search-articles.ts';
import { categoryLabel, groupByCategory } from '../categories.ts';
import type { HelpPaths } from '../help-paths.ts';
import { ArticleList, ArticleListSkeleton } from './article-list.tsx';
import { ALL_PUBLISHED_ARTICLES, HelpSearchField, PUBLISHED } from './help-center.tsx';

/** The published articles in `category` (all when null) whose title contains `text`. */
function articleIndexQuery(category: string | null, text: string): SearchQueryInput {
  const filters: SearchFilter[] = [PUBLISHED];
  if (category) filters.push({ action: 'Eq', field: 'category', value: category });
  if (text !== '') filters.push({ action: 'ILike', field: 'title', value: text });
  return { PageNumber: 1, PageSize: 500, SortBy: 'title', SortDir: 'Ascending', Filters: filters };
}

/**
 * Every published article (/help/articles and /app/help/articles), grouped by category, with a search
 * over titles and a category filter (`?category=`).
 */
export function ArticleIndex({ paths }: { paths: HelpPaths }) {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') || null;
  const [text, setText, settled] = useSearchText('q');
  const all = useArticleSearch(ALL_PUBLISHED_ARTICLES);
  const filtered = category !== null || settled !== '';
  const matching = useArticleSearch(articleIndexQuery(category, settled), { enabled: filtered });
  const shown = filtered ? matching : all;

  const chooseCategory = (next: string | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === null) updated.delete('category');
      else updated.set('category', next);
      return updated;
    });

  const groups = groupByCategory(all.data?.rows ?? []);
  const label = category ? categoryLabel(category) : 'Articles';

  return (
    <Box>
      <title>{`${label} · Help · Automate`}</title>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {category ? `Articles: ${label}` : 'Articles'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Guides to Automate and ServiceM8. Can’t find it? Try the{' '}
        <Link href={paths.faq}>frequently asked questions</Link>.
      </Typography>
      <Box role="search" sx={{ maxWidth: 720, mb: 2 }}>
        <HelpSearchField value={text} onChange={setText} />
      </Box>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', mb: 3 }}
        aria-label="Categories"
        role="group"
      >
        <Chip
          label="All"
          color={category === null ? 'primary' : 'default'}
          variant={category === null ? 'filled' : 'outlined'}
          onClick={() => chooseCategory(null)}
          aria-pressed={category === null}
        />
        {groups.map((group) => (
          <Chip
            key={group.category}
            label={`${group.label} (${group.articles.length})`}
            color={category === group.category ? 'primary' : 'default'}
            variant={category === group.category ? 'filled' : 'outlined'}
            onClick={() => chooseCategory(group.category)}
            aria-pressed={category === group.category}
          />
        ))}
      </Stack>

      {shown.isPending ? (
        <ArticleListSkeleton />
      ) : shown.isError ? (
        <LoadError error={shown.error} fallback={'The articles could not be loaded.'} onRetry={() => shown.refetch()} />
      ) : shown.data.rows.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {settled !== ''
            ? `No articles match “${settled}”${category ? ` in ${label}` : ''}.`
            : 'No articles have been published here yet.'}
        </Typography>
      ) : filtered ? (
        <ArticleList articles={shown.data.rows} paths={paths} showCategory={category === null} label="Articles" />
      ) : (
        <Stack spacing={4}>
          {groupByCategory(shown.data.rows).map((group) => (
            <Box component="section" key={group.category} aria-labelledby={`articles-${group.category}`}>
              <Typography id={`articles-${group.category}`} variant="h6" component="h2">
                {group.label}
              </Typography>
              <ArticleList articles={group.articles} paths={paths} label={group.label} />
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
