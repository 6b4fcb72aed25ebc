import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ArticleViewer } from '@/components/ui/article-viewer.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { formatDate, parseTimestamp } from '@/lib/format.ts';
import { useArticleBySlug } from '../api/get-article-by-slug.ts';

function humanise(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words === '' ? 'Article' : words.charAt(0).toUpperCase() + words.slice(1);
}

/** A help article by category and slug: title, last update, and the markdown body. */
export function HelpArticle({ category, slug }: { category: string; slug: string }) {
  const query = useArticleBySlug(category, slug);
  const article = query.data ?? null;
  const title = article?.title?.trim() ? article.title : humanise(slug);
  const updated = parseTimestamp(article?.updated);

  return (
    <Box component="article" sx={{ maxWidth: 860 }}>
      <title>{`${title} · Help · Automate`}</title>
      {query.isPending ? (
        <Skeleton variant="text" sx={{ fontSize: '2.125rem', width: '60%' }} />
      ) : (
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      )}
      {updated !== null ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Updated {formatDate(updated)}
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
