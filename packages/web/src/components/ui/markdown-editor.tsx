import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type ChangeEvent,
  type ClipboardEvent,
  type ReactNode,
  useDeferredValue,
  useId,
  useRef,
  useState,
} from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { checkImageFile, type ImageLimits, imageMarkdown, insertBlock } from '@/lib/markdown-text.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { ArticleViewer } from './article-viewer.tsx';
import { TextArea } from './text-area.tsx';
import { useCursorInsertion } from './use-cursor-insertion.ts';
import { VISUALLY_HIDDEN } from './visually-hidden.ts';

const IMAGE_UPLOAD_FAILED = 'The image could not be uploaded.';

/**
 * A Markdown field with a live preview beside it (below it on narrow screens), rendered exactly as readers
 * will see it. "Insert image" (or pasting an image) uploads the file through `onUploadImage` and puts
 * `![](url)` at the cursor (at the end when nobody has been in the text yet). Files of the wrong type or size are refused before anything is sent, and a
 * refusal from the server is shown as a toast with its sentence.
 */
export function MarkdownEditor({
  label,
  name,
  value,
  onChange,
  error,
  helperText,
  onUploadImage,
  uploadDisabledReason,
  imageLimits,
  rows = 14,
  preview: customPreview,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  helperText?: string;
  /** Uploads the file and answers its URL; without it, the image button is disabled. */
  onUploadImage?: ((file: File) => Promise<string>) | undefined;
  /** Why images cannot be added yet (shown on the disabled button). */
  uploadDisabledReason?: string;
  imageLimits: ImageLimits;
  /** The lines the text shows when empty. */
  rows?: number;
  /** What the preview pane shows instead of the text rendered as it is (e.g. with sample values filled in). */
  preview?: ReactNode;
}) {
  const {
    input: textarea,
    rememberSelection,
    target,
    place,
  } = useCursorInsertion<HTMLTextAreaElement>(value, onChange);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const reasonId = useId();
  const [uploading, setUploading] = useState(false);
  const { toast } = useNotifications();
  const preview = useDeferredValue(value);

  const upload = async (file: File) => {
    if (!onUploadImage) return;
    const problem = checkImageFile(file, imageLimits);
    if (problem) {
      toast(problem, 'error');
      return;
    }
    // Where the cursor is now: the image goes there even if the person types on during the upload.
    const at = target();
    setUploading(true);
    try {
      const url = await onUploadImage(file);
      place((text, start, end) => insertBlock(text, start, end, imageMarkdown(url)), at);
    } catch (failure) {
      toast(getErrorMessage(failure, IMAGE_UPLOAD_FAILED), 'error');
    } finally {
      setUploading(false);
    }
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void upload(file);
  };

  const paste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (!onUploadImage || uploading) return;
    const file = Array.from(event.clipboardData.files).find((candidate) => candidate.type.startsWith('image/'));
    if (!file) return;
    event.preventDefault();
    void upload(file);
  };

  const disabledReason = onUploadImage ? undefined : uploadDisabledReason;
  const imageButton = (
    <Button
      size="small"
      startIcon={uploading ? <CircularProgress size={16} color="inherit" /> : <AddPhotoAlternateIcon />}
      onClick={() => fileInput.current?.click()}
      disabled={!onUploadImage || uploading}
      aria-describedby={disabledReason ? reasonId : undefined}
    >
      {uploading ? 'Uploading…' : 'Insert image'}
    </Button>
  );

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2" component="p">
          {label}
        </Typography>
        {disabledReason ? (
          // The reason is the disabled button's description (a tooltip's own label would sit on the span,
          // a generic element that screen readers may not read).
          <Tooltip title={disabledReason} describeChild>
            <span>
              {imageButton}
              <Box component="span" id={reasonId} sx={VISUALLY_HIDDEN}>
                {disabledReason}
              </Box>
            </span>
          </Tooltip>
        ) : (
          imageButton
        )}
        <input
          ref={fileInput}
          type="file"
          accept={imageLimits.types.join(',')}
          aria-label={`${label}: image to insert`}
          hidden
          onChange={chooseFile}
          data-testid={`${name}-image-input`}
        />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'stretch' }}>
        <TextArea
          label={`${label} (Markdown)`}
          name={name}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            rememberSelection();
          }}
          onSelect={rememberSelection}
          onPaste={paste}
          inputRef={textarea}
          error={error !== undefined}
          helperText={
            error ??
            helperText ??
            'Markdown: ## Heading, **bold**, *italic*, - list item, [link text](https://…). Paste an image to upload it.'
          }
          rows={rows}
          monospace
          fullWidth
          slotProps={{ htmlInput: { spellCheck: true } }}
        />
        <Paper
          variant="outlined"
          sx={{ p: 2, overflow: 'auto', maxHeight: { md: 640 }, bgcolor: 'background.default' }}
          aria-label={`${label} preview`}
          role="region"
          // It scrolls when long: focusable, so the keyboard can scroll it too.
          tabIndex={0}
          data-testid={`${name}-preview`}
        >
          <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.5, mb: 1 }}>
            Preview
          </Typography>
          {customPreview ?? <ArticleViewer content={preview} emptyText="Nothing to preview yet." />}
        </Paper>
      </Box>
    </Box>
  );
}
