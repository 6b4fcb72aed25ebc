import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ArticleViewer } from '@/components/ui/article-viewer.tsx';
import { NotFoundPage } from '@/components/ui/not-found-page.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { formatDate, parseTimestamp } from '@/lib/format.ts';
import { useArticleBySlug } from '../api/get-article-by-slug.ts';
import { categoryLabel, humanise } from '../categories.ts';

/**
 * An article by category and slug (help pages, the privacy policy, the terms): title, last update and the
 * Markdown body in the article viewer (4 skeleton rows while loading, 'No article content available.'
 * when there is none). A draft, which only super admins can open, is marked as such. A help article
 * (one with a way `back` to its list) that does not exist is the not-found page.
 */
export function HelpArticle({
  category,
  slug,
  fallbackTitle,
  back,
  titleSuffix = 'Help · Automate',
}: {
  category: string;
  slug: string;
  /** The heading when there is no such article; the slug in words unless told. */
  fallbackTitle?: string;
  /** A link back to where the article is listed. */
  back?: { href: string; label: string };
  /** After the title in the browser tab. */
  titleSuffix?: string;
}) {
  const query = useArticleBySlug(category, slug);
  const article = query.data ?? null;
  const title = article?.title.trim() ? article.title : (fallbackTitle ?? (humanise(slug) || 'Article'));
  const updated = parseTimestamp(article?.updated);
  if (back && query.isSuccess && article === null) return <NotFoundPage />;

  return (
    <Box component="article" sx={{ maxWidth: 860 }}>
      <title>{`${title} · ${titleSuffix}`}</title>
      {back ? (
        <Button href={back.href} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 2, ml: -1 }}>
          {back.label}
        </Button>
      ) : null}
      {query.isPending ? (
        <Skeleton variant="text" sx={{ fontSize: '2.125rem', width: '60%' }} />
      ) : (
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
        {article && back ? <Chip label={categoryLabel(article.category)} size="small" variant="outlined" /> : null}
        {article && !article.published ? (
          <Chip label="Draft: only super admins can see this" size="small" color="warning" />
        ) : null}
        {updated !== null ? (
          <Typography variant="body2" color="text.secondary">
            Updated {formatDate(updated)}
          </Typography>
        ) : null}
      </Stack>
      {article && article.summary.trim() !== '' ? (
        <Typography variant="subtitle1" color="text.secondary" sx={{ mt: 2 }}>
          {article.summary}
        </Typography>
      ) : null}
      <Box sx={{ mt: 3 }}>
        {query.isError ? (
          <Alert severity="error">{getErrorMessage(query.error, 'This article could not be loaded.')}</Alert>
        ) : (
          <ArticleViewer content={article?.content} loading={query.isPending} />
        )}
      </Box>
    </Box>
  );
}
