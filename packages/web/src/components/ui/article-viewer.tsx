import { SKELETON_ROWS } from '@automate/contract';
import Typography from '@mui/material/Typography';
import { MarkdownContent } from './markdown-content.tsx';
import { ParagraphSkeleton } from './paragraph-skeleton.tsx';

export const NO_ARTICLE_CONTENT = 'No article content available.';

/**
 * Renders an article's markdown as HTML, a skeleton (4 paragraph rows unless told) while it
 * loads, and 'No article content available.' when there is none.
 */
export function ArticleViewer({
  content,
  loading = false,
  skeletonRows = SKELETON_ROWS.article,
  emptyText = NO_ARTICLE_CONTENT,
}: {
  content: string | null | undefined;
  loading?: boolean;
  skeletonRows?: number;
  emptyText?: string;
}) {
  if (loading) return <ParagraphSkeleton rows={skeletonRows} />;
  if (typeof content !== 'string' || content.trim() === '') {
    return <Typography color="text.secondary">{emptyText}</Typography>;
  }
  return <MarkdownContent content={content} />;
}
