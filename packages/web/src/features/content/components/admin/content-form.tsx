import { CONTENT_IMAGE_LIMITS } from '@automate/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { FormEvent, KeyboardEvent, ReactElement, ReactNode } from 'react';
import { FormActionBar } from '@/components/ui/form-action-bar.tsx';
import { MarkdownEditor } from '@/components/ui/markdown-editor.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { EditorSkeleton, savedDates } from '@/components/ui/record-editor-page.tsx';
import type { FieldErrorMap } from '@/lib/form-errors.ts';

/** A saved article or FAQ entry, as far as the shared parts of their editors read it. */
type SavedContent = { id: string; createdAt: string; updated: string; published: boolean };

/** The form's fields that hold text. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** What `useRecordEditor` gives the form. */
type ContentEditorState<V> = {
  saved: SavedContent | null;
  values: V;
  errors: FieldErrorMap;
  set<K extends keyof V>(field: K, value: V[K]): void;
  dirty: boolean;
  saving: boolean;
  deleting: boolean;
  submit(event: FormEvent): void;
  keyDown(event: KeyboardEvent): void;
  destroy(): Promise<void>;
  leavePrompt: ReactElement;
};

/** The skeleton of a content editor: one placeholder per field, `heights` in pixels. */
export function ContentEditorSkeleton({ label, heights }: { label: string; heights: readonly number[] }) {
  return (
    <EditorSkeleton label={label}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={3}>
          {heights.map((height, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, fixed and never reordered
            <Skeleton key={index} variant="rounded" height={height} />
          ))}
        </Stack>
      </Paper>
    </EditorSkeleton>
  );
}

/** The Published switch: a draft is seen by super admins only. */
export function PublishedSwitch({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <>
      <FormControlLabel
        control={<Switch name="published" checked={checked} onChange={(event) => onChange(event.target.checked)} />}
        label="Published"
      />
      <FormHelperText sx={{ mt: 0 }}>
        {checked ? 'Everyone can read it.' : 'A draft: only super admins can see it.'}
      </FormHelperText>
    </>
  );
}

/**
 * The form an article and an FAQ entry are both written in: Back, the heading with the saved dates,
 * Published or Draft, View (once published) and Delete; then the heading field (`title`), the fields
 * of the kind (`children`), the Markdown body with image upload once the record exists, and the action
 * bar.
 */
export function ContentForm<V>({
  editor,
  formId,
  label,
  documentTitle,
  back,
  heading,
  newSubtitle,
  view,
  notice,
  title,
  body,
  children,
}: {
  editor: ContentEditorState<V>;
  formId: string;
  /** The form's accessible name. */
  label: string;
  documentTitle: string;
  back: ReactNode;
  heading: string;
  /** The subtitle before the record exists. */
  newSubtitle: string;
  /** The public page's button, shown while the saved record is published. */
  view: ReactNode;
  notice?: ReactNode;
  title: { label: string; name: TextKey<V> };
  body: {
    label: string;
    name: TextKey<V>;
    rows?: number;
    uploadImage: ((file: File) => Promise<string>) | undefined;
    uploadDisabledReason: string;
  };
  children: ReactNode;
}) {
  const { saved, values, errors, dirty, saving, deleting, submit, keyDown, destroy } = editor;
  const set = (field: TextKey<V>, value: string) => editor.set(field, value as V[TextKey<V>]);
  return (
    <Box component="form" id={formId} noValidate onSubmit={submit} onKeyDown={keyDown} aria-label={label}>
      <title>{documentTitle}</title>
      {back}
      <PageHeader
        title={heading}
        subtitle={saved ? savedDates(saved.createdAt, saved.updated) : newSubtitle}
        chips={
          saved ? (
            <Chip
              label={saved.published ? 'Published' : 'Draft'}
              size="small"
              color={saved.published ? 'success' : 'warning'}
              variant="outlined"
            />
          ) : null
        }
        actions={
          <>
            {saved?.published ? view : null}
            {saved ? (
              <Button
                color="error"
                startIcon={deleting ? <CircularProgress size={16} color="inherit" /> : <DeleteIcon />}
                onClick={() => void destroy()}
                disabled={deleting || saving}
              >
                Delete
              </Button>
            ) : null}
          </>
        }
      />
      {notice}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <TextField
            label={title.label}
            name={title.name}
            value={values[title.name]}
            onChange={(event) => set(title.name, event.target.value)}
            error={errors[title.name] !== undefined}
            helperText={errors[title.name]}
            required
            fullWidth
            autoFocus={saved === null}
          />
          {children}
          <MarkdownEditor
            label={body.label}
            name={body.name}
            value={String(values[body.name])}
            onChange={(text) => set(body.name, text)}
            error={errors[body.name]}
            onUploadImage={body.uploadImage}
            uploadDisabledReason={body.uploadDisabledReason}
            imageLimits={CONTENT_IMAGE_LIMITS}
            rows={body.rows}
          />
        </Stack>
      </Paper>
      {editor.leavePrompt}
      <FormActionBar dirty={dirty} exists={saved !== null} saving={saving} />
    </Box>
  );
}
