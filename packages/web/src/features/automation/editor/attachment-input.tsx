import { TRIGGER_ATTACHMENT_LIMITS } from '@automate/contract';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { uploadAttachment } from './api/upload-attachment.ts';
import { useEditorContext } from './editor-context.tsx';
import { formatBytes } from './labels.ts';

const MAX_MB = TRIGGER_ATTACHMENT_LIMITS.maxBytes / 1024 / 1024;
const ACCEPTED: readonly string[] = TRIGGER_ATTACHMENT_LIMITS.contentTypes;
const UPLOAD_FAILED = 'The file could not be uploaded.';

/** Why the file cannot be attached, before anything is sent; null when it can. */
function checkAttachmentFile(file: { name: string; type: string; size: number }): string | null {
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > TRIGGER_ATTACHMENT_LIMITS.maxBytes) return `“${file.name}” is larger than ${MAX_MB} MB.`;
  // Browsers leave the type blank for some files; the server then decides by the name and the bytes.
  if (file.type !== '' && !ACCEPTED.includes(file.type)) {
    return `Files of type ${file.type} cannot be attached; use PDF, images, text, Word or Excel files.`;
  }
  return null;
}

/**
 * The file of a Job_SendAttachment action: its name and size with Remove, or a button to upload one
 * (files belong to a saved trigger, so a new trigger is created first).
 */
export function AttachmentInput({
  actionId,
  attachmentId,
  onChange,
  error,
}: {
  actionId: string;
  attachmentId: string;
  onChange: (attachmentId: string) => void;
  error?: string | undefined;
}) {
  const { vendorId, triggerId, attachments, addAttachment, releaseAttachment } = useEditorContext();
  const { toast } = useNotifications();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [uploading, setUploading] = useState(false);
  const current = attachments.find((item) => item.id === attachmentId);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkAttachmentFile(file);
    if (problem) {
      toast(problem, 'error');
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadAttachment({ vendorId, triggerId, actionId, file });
      addAttachment(uploaded);
      if (attachmentId !== '') releaseAttachment(attachmentId);
      onChange(uploaded.id);
      toast(`“${uploaded.fileName}” was uploaded.`, 'success');
    } catch (failure) {
      toast(getErrorMessage(failure, UPLOAD_FAILED), 'error');
    } finally {
      setUploading(false);
    }
  };

  const remove = () => {
    releaseAttachment(attachmentId);
    onChange('');
  };

  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2" component="p">
        File *
      </Typography>
      {attachmentId !== '' ? (
        <Paper variant="outlined" sx={{ px: 1.5, py: 1 }} data-testid="attachment">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <InsertDriveFileIcon color="action" fontSize="small" />
            <Typography variant="body2" sx={{ flexGrow: 1, wordBreak: 'break-all' }}>
              {current ? current.fileName : `File ${attachmentId}`}
            </Typography>
            {current ? (
              <Typography variant="body2" color="text.secondary">
                {formatBytes(current.size)}
              </Typography>
            ) : null}
            <Tooltip title="Remove the file">
              <IconButton size="small" aria-label="Remove file" onClick={remove}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        </Paper>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={uploading ? <CircularProgress size={16} color="inherit" /> : <AttachFileIcon />}
          onClick={() => fileInput.current?.click()}
          disabled={uploading}
        >
          {uploading ? 'Uploading…' : attachmentId !== '' ? 'Replace file' : 'Upload file'}
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={ACCEPTED.join(',')}
          onChange={(event) => void choose(event)}
          data-testid={`attachment-file-${actionId}`}
        />
      </Stack>
      <FormHelperText error={error !== undefined}>
        {error ?? `PDF, images, text, Word or Excel, at most ${MAX_MB} MB.`}
      </FormHelperText>
    </Stack>
  );
}
