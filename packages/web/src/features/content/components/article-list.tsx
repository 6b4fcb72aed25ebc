import type { Article } from '@automate/contract';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { categoryLabel } from '../categories.ts';
import type { HelpPaths } from '../help-paths.ts';

export type ArticleListItem = Pick<Article, 'id' | 'category' | 'slug' | 'title' | 'summary' | 'published'>;

/** Articles as links to their pages: the title, the summary under it, optionally the category. */
export function ArticleList({
  articles,
  paths,
  showCategory = false,
  label,
}: {
  articles: readonly ArticleListItem[];
  paths: HelpPaths;
  showCategory?: boolean;
  /** The list's accessible name. */
  label: string;
}) {
  return (
    <List aria-label={label} disablePadding>
      {articles.map((article) => (
        <ListItem key={article.id} disablePadding divider>
          <ListItemButton href={paths.article(article.category, article.slug)} sx={{ py: 1.5 }}>
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{article.title}</span>
                  {showCategory ? (
                    <Chip label={categoryLabel(article.category)} size="small" variant="outlined" component="span" />
                  ) : null}
                  {article.published ? null : <Chip label="Draft" size="small" color="warning" component="span" />}
                </Stack>
              }
              secondary={article.summary.trim() === '' ? null : article.summary}
              slotProps={{ primary: { sx: { fontWeight: 600 } } }}
            />
            <ChevronRightIcon color="action" aria-hidden />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** Placeholder rows while a list of articles loads. */
export function ArticleListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Stack spacing={1.5} role="progressbar" aria-label="Loading articles" sx={{ py: 1 }}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <Stack key={index} spacing={0.5}>
          <Skeleton variant="text" sx={{ fontSize: '1.1rem', width: '50%' }} />
          <Skeleton variant="text" sx={{ width: '85%' }} />
        </Stack>
      ))}
    </Stack>
  );
}
