import { EMAIL_TEMPLATE_LIMITS, type EmailTemplate } from '@automate/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormActionBar } from '@/components/ui/form-action-bar.tsx';
import { MergeTextField } from '@/components/ui/merge-text-field.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { BackButton, EditorSkeleton, RecordEditorPage, savedDates } from '@/components/ui/record-editor-page.tsx';
import { useVendorClock } from '@/lib/vendor-time.ts';
import { useEmailTemplate } from '../api/get-email-template.ts';
import { EMAIL_TEMPLATES_PATH, NEW_TEMPLATE_ID } from '../paths.ts';
import { TemplatePreview } from './template-preview.tsx';
import { useEmailTemplateForm } from './use-email-template-form.ts';
import { NoVendorNotice, ReadOnlyNotice, type TemplateAccess, useTemplateAccess } from './vendor-access.tsx';

const LOAD_FAILED = 'The email template could not be loaded.';

const BACK = <BackButton href={EMAIL_TEMPLATES_PATH}>Email templates</BackButton>;

/** /app/account/emails/{id} and /app/account/emails/new: the email template editor of the current vendor. */
export function EmailTemplateEditor({ id }: { id: string }) {
  const access = useTemplateAccess();
  if (!access) {
    return (
      <>
        <title>Email template · Account · Automate</title>
        {BACK}
        <PageHeader title="Email template" />
        <NoVendorNotice />
      </>
    );
  }
  return <VendorTemplateEditor key={access.vendor.vendorId} id={id} access={access} />;
}

function VendorTemplateEditor({ id, access }: { id: string; access: TemplateAccess }) {
  const isNew = id === NEW_TEMPLATE_ID;
  const template = useEmailTemplate(access.vendor.vendorId, id, { enabled: !isNew });
  if (isNew && !access.canEdit) {
    return (
      <>
        <title>New email template · Account · Automate</title>
        {BACK}
        <PageHeader title="New email template" />
        <ReadOnlyNotice vendorName={access.vendor.name}>You cannot create a template here.</ReadOnlyNotice>
      </>
    );
  }
  return (
    <RecordEditorPage
      query={template}
      isNew={isNew}
      back={BACK}
      skeleton={
        <EditorSkeleton label="Loading the email template">
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, lg: 7 }}>
              <Paper variant="outlined" sx={{ p: 3 }}>
                <Stack spacing={3}>
                  <Skeleton variant="rounded" height={56} />
                  <Skeleton variant="rounded" height={56} />
                  <Skeleton variant="rounded" height={320} />
                </Stack>
              </Paper>
            </Grid>
            <Grid size={{ xs: 12, lg: 5 }}>
              <Skeleton variant="rounded" height={420} />
            </Grid>
          </Grid>
        </EditorSkeleton>
      }
      heading="Email template"
      documentTitle="Email template · Account · Automate"
      loadFailed={LOAD_FAILED}
      missingText="There is no such email template: it may have been deleted, or the link is wrong."
      newForm={<TemplateForm key={NEW_TEMPLATE_ID} template={null} access={access} />}
      form={(row) => <TemplateForm key={row.id} template={row} access={access} />}
    />
  );
}

function TemplateForm({ template, access }: { template: EmailTemplate | null; access: TemplateAccess }) {
  const { vendor, canEdit } = access;
  const { saved, values, errors, dirty, saving, deleting, set, textField, submit, keyDown, destroy, leavePrompt } =
    useEmailTemplateForm({
      vendorId: vendor.vendorId,
      initial: template,
      canEdit,
    });
  const readOnly = !canEdit;
  const clock = useVendorClock(vendor.vendorId);

  return (
    <Box
      component="form"
      id="email-template-form"
      noValidate
      onSubmit={submit}
      onKeyDown={keyDown}
      aria-label="Email template"
    >
      <title>{`${saved ? saved.name : 'New email template'} · Account · Automate`}</title>
      {BACK}
      <PageHeader
        title={saved ? saved.name : 'New email template'}
        subtitle={
          saved
            ? savedDates(saved.createdAt, saved.updatedAt, clock)
            : 'Write the email once, then choose it in any automation that sends an email.'
        }
        chips={readOnly ? <Chip label="Read only" size="small" variant="outlined" /> : null}
      />
      {readOnly ? <ReadOnlyNotice vendorName={vendor.name}>You can read this template.</ReadOnlyNotice> : null}
      <Grid container spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack spacing={3}>
              <TextField
                label="Name"
                {...textField('name', 'How you find it when choosing a template in an automation.')}
                required={!readOnly}
                fullWidth
                autoFocus={saved === null}
                slotProps={{ htmlInput: { readOnly } }}
              />
              <MergeTextField
                label="Subject"
                name="subject"
                value={values.subject}
                onChange={(subject) => set('subject', subject)}
                error={errors.subject}
                helperText="The email’s subject line."
                readOnly={readOnly}
                maxLength={EMAIL_TEMPLATE_LIMITS.subjectMax}
              />
              <MergeTextField
                label="Body"
                name="body"
                value={values.body}
                onChange={(body) => set('body', body)}
                error={errors.body}
                helperText="Sent as plain text; line breaks are kept."
                readOnly={readOnly}
                rows={12}
                maxLength={EMAIL_TEMPLATE_LIMITS.bodyMax}
              />
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }} sx={{ position: { lg: 'sticky' }, top: { lg: 16 } }}>
          <TemplatePreview subject={values.subject} body={values.body} vendorName={vendor.name} />
        </Grid>
      </Grid>
      {leavePrompt}
      {readOnly ? null : (
        <FormActionBar
          dirty={dirty}
          exists={saved !== null}
          saving={saving}
          hint="Ctrl+S saves"
          onDelete={() => void destroy()}
          deleting={deleting}
        />
      )}
    </Box>
  );
}
