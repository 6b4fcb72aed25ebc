import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ArticleViewer } from '@/components/ui/article-viewer.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useSystemEmailPreview } from '../api/system-emails.ts';

/**
 * The email as the platform would send it, rendered by the server on sample data a moment after
 * typing pauses: the subject, then the body's Markdown with every merge value filled in.
 */
export function SystemEmailPreview({ subject, body }: { subject: string; body: string }) {
  const settledSubject = useDebouncedValue(subject, 400);
  const settledBody = useDebouncedValue(body, 400);
  const preview = useSystemEmailPreview({ subject: settledSubject, body: settledBody });
  if (subject.trim() === '' || body.trim() === '') {
    return <Typography color="text.secondary">Write a subject and a body to see the email.</Typography>;
  }
  return (
    <Stack spacing={1} data-testid="system-email-preview">
      <Chip size="small" label="Sample data" variant="outlined" sx={{ alignSelf: 'flex-start' }} />
      {preview.isError ? (
        <Alert severity="error">{getErrorMessage(preview.error, 'The email could not be rendered.')}</Alert>
      ) : null}
      {preview.data ? (
        <Box sx={{ opacity: preview.isPlaceholderData ? 0.6 : 1 }}>
          <Typography variant="subtitle2" component="p">
            Subject: {preview.data.subject}
          </Typography>
          <Divider sx={{ my: 1 }} />
          <ArticleViewer content={preview.data.text} emptyText="The body is empty." />
        </Box>
      ) : (
        <Typography color="text.secondary">Rendering…</Typography>
      )}
    </Stack>
  );
}
