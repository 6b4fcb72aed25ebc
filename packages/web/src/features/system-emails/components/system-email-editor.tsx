import { CONTENT_IMAGE_LIMITS, type SystemEmail } from '@automate/contract';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { FormActionBar } from '@/components/ui/form-action-bar.tsx';
import { MarkdownEditor } from '@/components/ui/markdown-editor.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { BackButton, EditorSkeleton, RecordEditorPage, savedDates } from '@/components/ui/record-editor-page.tsx';
import { useRecordEditor } from '@/components/ui/use-record-editor.ts';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import {
  useCreateSystemEmail,
  useDeleteSystemEmail,
  useSendTestEmail,
  useSystemEmail,
  useUpdateSystemEmail,
} from '../api/system-emails.ts';
import { NEW_SYSTEM_EMAIL_ID, SYSTEM_EMAILS_PATH, systemEmailPath } from '../paths.ts';
import { SystemEmailPreview } from './system-email-preview.tsx';
import {
  type SystemEmailValues,
  sameSystemEmailValues,
  systemEmailValues,
  validateSystemEmail,
} from './system-email-values.ts';

const BACK = <BackButton href={SYSTEM_EMAILS_PATH}>System emails</BackButton>;
const TITLE = 'System email · Super admin · Automate';

/** /admin/settings/emails/{id} and /admin/settings/emails/new: a system email's subject and body. */
export function SystemEmailEditor({ id }: { id: string }) {
  const isNew = id === NEW_SYSTEM_EMAIL_ID;
  const email = useSystemEmail(id, { enabled: !isNew });
  return (
    <RecordEditorPage
      query={email}
      isNew={isNew}
      back={BACK}
      skeleton={
        <EditorSkeleton label="Loading the email">
          <Skeleton variant="rounded" height={420} />
        </EditorSkeleton>
      }
      heading="System email"
      documentTitle={TITLE}
      loadFailed="The email could not be loaded."
      missingText="There is no such email: it may have been deleted, or the link is wrong."
      newForm={<SystemEmailForm key={NEW_SYSTEM_EMAIL_ID} email={null} />}
      form={(row) => <SystemEmailForm key={row.id} email={row} />}
    />
  );
}

/** The merge fields the template can use, each as it is written in the text. */
function Variables({ fields }: { fields: readonly string[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Variables">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Variables
      </Typography>
      {fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          The platform does not send this email itself, so it fills in no variables; the preview and tests use sample
          values of every variable.
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {fields.map((field) => (
            <Chip key={field} size="small" label={`{{ ${field} }}`} sx={{ fontFamily: 'monospace' }} />
          ))}
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Subject and body are Liquid (variables as above, <code>{'{% if … %}'}</code> for conditions); the body is
        Markdown.
      </Typography>
    </Paper>
  );
}

function SendTestButton({ id, values }: { id: string; values: SystemEmailValues }) {
  const send = useSendTestEmail(id);
  const { toast } = useNotifications();
  return (
    <Button
      startIcon={<SendIcon />}
      loading={send.isPending}
      disabled={values.subject.trim() === '' || values.body.trim() === ''}
      onClick={() =>
        send.mutate(
          { subject: values.subject, body: values.body },
          {
            onSuccess: ({ message }) => toast(message ?? 'The test was sent.', 'success'),
            onError: (error) => toast(getErrorMessage(error, 'The test could not be sent.'), 'error'),
          },
        )
      }
    >
      Send me a test
    </Button>
  );
}

function SystemEmailForm({ email }: { email: SystemEmail | null }) {
  const isNew = email === null;
  const validate = useCallback((values: SystemEmailValues) => validateSystemEmail(values, isNew), [isNew]);
  const editor = useRecordEditor({
    initial: email,
    toValues: systemEmailValues,
    sameValues: sameSystemEmailValues,
    validate,
    toInput: (values: SystemEmailValues) => values,
    create: useCreateSystemEmail(),
    update: useUpdateSystemEmail(),
    remove: useDeleteSystemEmail(),
    pathOf: systemEmailPath,
    listPath: SYSTEM_EMAILS_PATH,
    messages: {
      created: () => 'The email was created.',
      saved: () => 'The email was saved.',
      deleted: () => 'The email was deleted.',
      confirmDelete: (row) => ({ title: 'Delete this email?', message: `“${row.name}” will be deleted.` }),
      saveFailed: 'The email could not be saved.',
      deleteFailed: 'The email could not be deleted.',
    },
  });
  const { saved, values, errors, set, textField } = editor;
  return (
    <Box component="form" noValidate onSubmit={editor.submit} onKeyDown={editor.keyDown} aria-label="System email">
      <title>{`${saved ? saved.name : 'New email'} · Super admin · Automate`}</title>
      {BACK}
      <PageHeader
        title={saved ? saved.name : 'New email'}
        subtitle={saved ? savedDates(saved.createdAt, saved.updatedAt) : 'A template the platform can send.'}
        chips={saved?.isSystem ? <Chip size="small" label="Sent by the platform" variant="outlined" /> : null}
        actions={saved ? <SendTestButton id={saved.id} values={values} /> : null}
      />
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={3}>
            {isNew ? (
              <TextField
                label="Key"
                {...textField('key', 'Lowercase words joined by hyphens, e.g. trial-ending.')}
                required
                fullWidth
              />
            ) : null}
            <TextField label="Name" {...textField('name', ' ')} required fullWidth />
            <TextField label="When it is sent" {...textField('description', ' ')} fullWidth />
            <TextField
              label="Subject"
              {...textField('subject', 'Liquid: {{ app.name }} and the variables listed below.')}
              required
              fullWidth
              slotProps={{ input: { sx: { fontFamily: 'monospace' } } }}
            />
            <MarkdownEditor
              label="Body"
              name="body"
              value={values.body}
              onChange={(body) => set('body', body)}
              error={errors.body}
              helperText="Markdown with Liquid variables; sent as text and as HTML."
              uploadDisabledReason="Emails do not carry uploaded images."
              imageLimits={CONTENT_IMAGE_LIMITS}
              preview={<SystemEmailPreview subject={values.subject} body={values.body} />}
            />
          </Stack>
        </Paper>
        <Variables fields={saved?.mergeFields ?? []} />
      </Stack>
      {editor.leavePrompt}
      <FormActionBar
        dirty={editor.dirty}
        exists={saved !== null}
        saving={editor.saving}
        hint="Ctrl+S saves"
        {...(saved && !saved.isSystem ? { onDelete: () => void editor.destroy() } : {})}
        deleting={editor.deleting}
      />
    </Box>
  );
}
