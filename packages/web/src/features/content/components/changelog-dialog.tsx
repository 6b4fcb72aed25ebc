import { DIALOG_WIDTHS, SKELETON_ROWS } from '@automate/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ArticleViewer } from '@/components/ui/article-viewer.tsx';
import { formatDateTime, parseTimestamp } from '@/lib/format.ts';
import type { ChangelogArticle } from '../hooks/use-changelog.ts';

const CHANGELOG_DEFAULT_TITLE = "What's new";
export const CHANGELOG_EMPTY_TEXT = 'No changelog details available right now.';

/** 'Updated ' and the local date-time, or null when `updated` does not parse. */
export function changelogSubtitle(updated: string | null | undefined): string | null {
  const time = parseTimestamp(updated);
  if (time === null) return null;
  const formatted = formatDateTime(time);
  return formatted === null ? null : `Updated ${formatted}`;
}

/**
 * Max width 1200; the article title (or "What's new"); 'Updated …' when the time parses; the
 * markdown content, 3 skeleton rows while loading, or 'No changelog details available right now.'.
 */
export function ChangelogDialog({
  open,
  article,
  loading,
  onClose,
}: {
  open: boolean;
  article: ChangelogArticle | null;
  loading: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const title = article?.title?.trim() ? article.title : CHANGELOG_DEFAULT_TITLE;
  const subtitle = changelogSubtitle(article?.updated);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTHS.changelogMax } } }}
    >
      <DialogTitle id={titleId} sx={{ pb: subtitle ? 0 : 2 }}>
        {title}
      </DialogTitle>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 2 }} data-testid="changelog-subtitle">
          {subtitle}
        </Typography>
      ) : null}
      <DialogContent dividers>
        <ArticleViewer
          content={article?.content}
          loading={loading}
          skeletonRows={SKELETON_ROWS.changelog}
          emptyText={CHANGELOG_EMPTY_TEXT}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
