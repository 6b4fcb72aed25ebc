import type { HelpSearchHit, SearchFilter, SearchQueryInput } from '@automate/contract';
import ArticleIcon from '@mui/icons-material/Article';
import QuizIcon from '@mui/icons-material/Quiz';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error.tsx';
import { useSearchText } from '@/lib/use-search-text.ts';
import { useArticleSearch } from '../api/search-articles.ts';
import { useHelpSearch } from '../api/search-help.ts';
import { categoryDescription, groupByCategory } from '../categories.ts';
import type { HelpPaths } from '../help-paths.ts';
import { ArticleList, ArticleListSkeleton } from './article-list.tsx';

/** Readers see what is published, even a super admin (who could otherwise see drafts). */
export const PUBLISHED: SearchFilter = { action: 'Eq', field: 'published', value: true };

/** Every published article, by title: the help center is small enough to show in one go. */
export const ALL_PUBLISHED_ARTICLES: SearchQueryInput = {
  PageNumber: 1,
  PageSize: 500,
  SortBy: 'title',
  SortDir: 'Ascending',
  Filters: [PUBLISHED],
};

const ARTICLES_FAILED = 'The help articles could not be loaded.';
const CATEGORY_PREVIEW = 5;

export function HelpSearchField({
  value,
  onChange,
  label = 'Search help articles',
  placeholder = 'e.g. connect ServiceM8, badges, invoices',
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
}) {
  return (
    <TextField
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      autoComplete="off"
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A hit's snippet, its matching words marked. */
function Snippet({ parts }: { parts: HelpSearchHit['snippet'] }) {
  return (
    <Typography variant="body2" color="text.secondary" component="p">
      {parts.map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <Box component="mark" key={index} sx={{ bgcolor: 'warning.light', color: 'inherit', px: 0.25 }}>
            {part.text}
          </Box>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </Typography>
  );
}

function SearchHits({ hits, paths }: { hits: readonly HelpSearchHit[]; paths: HelpPaths }) {
  return (
    <Box component="ul" aria-label="Matching help" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {hits.map((hit) => (
        <Box component="li" key={`${hit.kind}-${hit.id}`} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Link
            href={
              hit.kind === 'article' && hit.category && hit.slug ? paths.article(hit.category, hit.slug) : paths.faq
            }
            sx={{ fontWeight: 600 }}
          >
            {hit.title}
          </Link>
          <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 1 }}>
            {hit.kind === 'faq' ? 'Question' : 'Article'}
          </Typography>
          <Snippet parts={hit.snippet} />
        </Box>
      ))}
    </Box>
  );
}

function SearchResults({ text, paths }: { text: string; paths: HelpPaths }) {
  const results = useHelpSearch(text);
  if (results.isPending) return <ArticleListSkeleton rows={3} />;
  if (results.isError)
    return <LoadError error={results.error} fallback={ARTICLES_FAILED} onRetry={() => results.refetch()} />;
  const hits = results.data;
  return (
    <Box component="section" aria-labelledby="help-search-results">
      <Typography id="help-search-results" variant="h6" component="h2" sx={{ mb: 1 }}>
        Search results
      </Typography>
      <Typography color="text.secondary" role="status" sx={{ mb: 1 }}>
        {hits.length === 0
          ? `Nothing in the help matches “${text}”.`
          : `${hits.length} ${hits.length === 1 ? 'page matches' : 'pages match'} “${text}”.`}
      </Typography>
      {hits.length > 0 ? (
        <SearchHits hits={hits} paths={paths} />
      ) : (
        <Typography>
          Try other words, browse the <Link href={paths.articles}>articles</Link> or read the{' '}
          <Link href={paths.faq}>frequently asked questions</Link>.
        </Typography>
      )}
    </Box>
  );
}

function ShortcutCard({ href, icon, title, text }: { href: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea href={href} sx={{ height: '100%' }}>
        <CardContent>
          <Box sx={{ color: 'primary.main', mb: 1 }}>{icon}</Box>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function Categories({ paths }: { paths: HelpPaths }) {
  const articles = useArticleSearch(ALL_PUBLISHED_ARTICLES);
  if (articles.isPending) return <ArticleListSkeleton />;
  if (articles.isError)
    return <LoadError error={articles.error} fallback={ARTICLES_FAILED} onRetry={() => articles.refetch()} />;
  const groups = groupByCategory(articles.data.rows);
  if (groups.length === 0) {
    return <Typography color="text.secondary">No help articles have been published yet.</Typography>;
  }
  return (
    <Grid container spacing={3}>
      {groups.map((group) => (
        <Grid key={group.category} size={{ xs: 12, md: 6 }}>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby={`help-category-${group.category}`}
            sx={{ p: 2, height: '100%' }}
          >
            <Typography id={`help-category-${group.category}`} variant="h6" component="h2">
              <Link href={paths.category(group.category)} underline="hover" color="inherit">
                {group.label}
              </Link>
            </Typography>
            {categoryDescription(group.category) ? (
              <Typography variant="body2" color="text.secondary">
                {categoryDescription(group.category)}
              </Typography>
            ) : null}
            <ArticleList articles={group.articles.slice(0, CATEGORY_PREVIEW)} paths={paths} label={group.label} />
            {group.articles.length > CATEGORY_PREVIEW ? (
              <Link href={paths.category(group.category)} variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
                All {group.articles.length} articles in {group.label}
              </Link>
            ) : null}
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}

/**
 * The help center's front page (/help and /app/help): a search over article titles, the FAQ and article
 * list, and the categories with their articles.
 */
export function HelpCenter({ paths }: { paths: HelpPaths }) {
  const [text, setText, settled] = useSearchText('q');

  return (
    <Box>
      <title>Help Center · Automate</title>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        Help Center
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Answers to common questions and step-by-step guides for building automations with ServiceM8.
      </Typography>
      <Box role="search" sx={{ maxWidth: 720, mb: 4 }}>
        <HelpSearchField value={text} onChange={setText} />
      </Box>

      {settled !== '' ? (
        <SearchResults text={settled} paths={paths} />
      ) : (
        <>
          <Grid container spacing={3} sx={{ mb: 4 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <ShortcutCard
                href={paths.faq}
                icon={<QuizIcon />}
                title="Frequently asked questions"
                text="Quick answers about triggers, billing and connecting ServiceM8."
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <ShortcutCard
                href={paths.articles}
                icon={<ArticleIcon />}
                title="All articles"
                text="Guides that walk through setting up automations and templates."
              />
            </Grid>
          </Grid>
          <Categories paths={paths} />
        </>
      )}
    </Box>
  );
}
