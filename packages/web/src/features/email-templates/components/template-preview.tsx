import { unknownMergeFieldMessage } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo } from 'react';
import { mergeTag } from '@/components/ui/merge-field-picker.tsx';
import { type Preview, renderPreview, SAMPLE_MERGE_VALUES, sampleValuesFor } from '../merge-text.ts';

function PreviewText({ preview, emptyText, testId }: { preview: Preview; emptyText: string; testId: string }) {
  if (preview.parts.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ fontStyle: 'italic' }} data-testid={testId}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <Typography component="div" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid={testId}>
      {preview.parts.map((part, index) => {
        const key = `${index}-${part.kind}`;
        if (part.kind === 'text') return <span key={key}>{part.text}</span>;
        if (part.kind === 'field') {
          return (
            <Box
              key={key}
              component="span"
              title={`Sample value of ${mergeTag(part.name)}`}
              sx={{ bgcolor: 'action.selected', borderRadius: 0.5, px: 0.25 }}
            >
              {part.text}
            </Box>
          );
        }
        return (
          <Box
            key={key}
            component="mark"
            title="Unknown merge field"
            data-testid="unknown-merge-field"
            sx={{ bgcolor: 'error.light', color: 'error.contrastText', borderRadius: 0.5, px: 0.25 }}
          >
            {part.text}
          </Box>
        );
      })}
    </Typography>
  );
}

/**
 * The email as it would read, rendered here with a made-up job (`renderPreview`): merge fields show
 * sample values, unknown ones are highlighted. Says plainly that the data is a sample.
 */
export function TemplatePreview({
  subject,
  body,
  vendorName,
}: {
  subject: string;
  body: string;
  vendorName: string | null;
}) {
  const deferredSubject = useDeferredValue(subject);
  const deferredBody = useDeferredValue(body);
  const values = useMemo(() => sampleValuesFor(vendorName), [vendorName]);
  const subjectPreview = useMemo(() => renderPreview(deferredSubject, values), [deferredSubject, values]);
  const bodyPreview = useMemo(() => renderPreview(deferredBody, values), [deferredBody, values]);
  const unknown = [...new Set([...subjectPreview.unknown, ...bodyPreview.unknown])];

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Preview"
      sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'background.default' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Preview
        </Typography>
        <Chip label="Sample data" size="small" color="info" variant="outlined" />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Merge fields are filled with a made-up job (job {SAMPLE_MERGE_VALUES['job.number']} for{' '}
        {SAMPLE_MERGE_VALUES['contact.name']} of {SAMPLE_MERGE_VALUES['client.name']}). Real emails use the details of
        the job that sets off the automation. Filters such as <code>| upcase</code> are not applied here.
      </Typography>
      {unknown.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="unknown-fields-alert">
          {unknown.map((name) => unknownMergeFieldMessage(name)).join(' ')} The template cannot be saved with names that
          are not merge fields.
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          Subject
        </Typography>
        <Box sx={{ fontWeight: 600 }}>
          <PreviewText preview={subjectPreview} emptyText="The subject appears here." testId="preview-subject" />
        </Box>
        <Divider sx={{ my: 2 }} />
        <PreviewText preview={bodyPreview} emptyText="The email’s text appears here." testId="preview-body" />
      </Paper>
    </Paper>
  );
}
