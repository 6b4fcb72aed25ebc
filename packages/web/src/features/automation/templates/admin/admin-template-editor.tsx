import { TEMPLATE_CATEGORIES, TEMPLATE_LIMITS, type TemplateCategory, type TriggerTemplate } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type ReactNode, useCallback, useMemo } from 'react';
import { FormActionBar } from '@/components/ui/form-action-bar.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { BackButton, EditorSkeleton, RecordEditorPage, savedDates } from '@/components/ui/record-editor-page.tsx';
import { TextArea } from '@/components/ui/text-area.tsx';
import { useRecordEditor } from '@/components/ui/use-record-editor.ts';
import { DefinitionSections, EditorSection } from '../../editor/definition-sections.tsx';
import { type EditorContextValue, EditorProvider } from '../../editor/editor-context.tsx';
import { clearErrors } from '../../editor/issue-paths.ts';
import type { TriggerDraft } from '../../editor/trigger-draft.ts';
import { type Clear, useDraftEdits } from '../../editor/use-definition-draft.ts';
import { useTemplate } from '../api/get-template.ts';
import { useDeleteTemplate, useSaveTemplate } from '../api/write-template.ts';
import { adminTemplatePath } from './admin-templates.tsx';
import {
  sameTemplateValues,
  type TemplateFormValues,
  toTemplateInput,
  toTemplateValues,
  validateTemplate,
} from './template-form-values.ts';

const NEW_ID = 'new';

/**
 * /admin/automation/templates/view/{id} and /admin/settings/trigger/templates/view/{id} (`new` writes one):
 * a template edited with the vendors' trigger editor, its records written by name, plus what the
 * library shows (title, description, category), whether vendors see it and where onboarding recommends it.
 */
export function AdminTemplateEditor({ basePath, id }: { basePath: string; id: string }) {
  const isNew = id === NEW_ID;
  const template = useTemplate(id, { enabled: !isNew });
  const back = <BackButton href={`${basePath}/search`}>Templates</BackButton>;
  return (
    <RecordEditorPage
      query={template}
      isNew={isNew}
      back={back}
      skeleton={
        <EditorSkeleton label="Loading the template">
          <Skeleton variant="rounded" height={480} />
        </EditorSkeleton>
      }
      heading="Automation template"
      documentTitle="Automation template · Super admin · Automate"
      loadFailed="The template could not be loaded."
      missingText="There is no such template: it may have been deleted, or the link is wrong."
      newForm={<TemplateForm key={NEW_ID} basePath={basePath} template={null} back={back} />}
      form={(row) => <TemplateForm key={row.id} basePath={basePath} template={row} back={back} />}
    />
  );
}

function TemplateForm({
  basePath,
  template,
  back,
}: {
  basePath: string;
  template: TriggerTemplate | null;
  back: ReactNode;
}) {
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const editor = useRecordEditor({
    initial: template,
    toValues: toTemplateValues,
    sameValues: sameTemplateValues,
    validate: validateTemplate,
    toInput: toTemplateInput,
    create: { mutateAsync: (input) => save.mutateAsync({ id: null, template: input }), isPending: save.isPending },
    update: {
      mutateAsync: ({ id, input }) => save.mutateAsync({ id, template: input }),
      isPending: save.isPending,
    },
    remove,
    pathOf: (id) => adminTemplatePath(basePath, id),
    listPath: `${basePath}/search`,
    messages: {
      created: (row) => `“${row.title}” was created.`,
      saved: (row) => `“${row.title}” was saved.`,
      deleted: (row) => `“${row.title}” was deleted.`,
      confirmDelete: (row) => ({
        title: 'Delete this template?',
        message: `“${row.title}” leaves the library; automations vendors copied from it stay as they are.`,
      }),
      saveFailed: 'The template could not be saved.',
      deleteFailed: 'The template could not be deleted.',
    },
  });
  const { values, errors, set, setErrors, saved, textField } = editor;

  const changeDraft = useCallback((change: (current: TriggerDraft) => TriggerDraft) => set('draft', change), [set]);
  const clear = useCallback(
    (what: Clear | undefined) => {
      if (what) setErrors((current) => clearErrors(current, what.key, what.withChildren));
    },
    [setErrors],
  );
  const edits = useDraftEdits(changeDraft, clear);

  const context = useMemo<EditorContextValue>(
    () => ({
      vendorId: '',
      event: values.draft.event,
      triggerId: null,
      attachments: [],
      addAttachment: () => {},
      releaseAttachment: () => {},
      errors,
      namedReferences: true,
    }),
    [values.draft.event, errors],
  );

  const field = <K extends keyof TemplateFormValues>(key: K) => ({
    error: errors[key] !== undefined,
    helperText: errors[key],
  });

  return (
    <EditorProvider value={context}>
      <Box component="form" noValidate onSubmit={editor.submit} onKeyDown={editor.keyDown} aria-label="Template">
        <title>{`${saved?.title ?? 'New template'} · Templates · Super admin · Automate`}</title>
        {back}
        <PageHeader
          title={saved?.title ?? 'New template'}
          subtitle={
            saved
              ? savedDates(saved.createdAt, saved.updatedAt)
              : 'Name the badges, queues and forms it uses: each vendor’s own records of those names are used.'
          }
        />
        {errors[''] ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors['']}
          </Alert>
        ) : null}
        <Box sx={{ mb: 2 }}>
          <EditorSection title="In the library">
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 8 }}>
                <TextField
                  label="Title"
                  value={values.title}
                  onChange={(event) => set('title', event.target.value)}
                  {...field('title')}
                  required
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.titleMax } }}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField
                  select
                  label="Category"
                  value={values.category}
                  onChange={(event) => set('category', event.target.value as TemplateCategory)}
                  {...field('category')}
                  required
                  fullWidth
                >
                  {TEMPLATE_CATEGORIES.map((category) => (
                    <MenuItem key={category} value={category}>
                      {category}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={12}>
                <TextArea
                  label="What it does, for a business owner"
                  value={values.description}
                  onChange={(event) => set('description', event.target.value)}
                  error={errors.description !== undefined}
                  helperText={
                    errors.description ?? 'Shown on the template’s card, e.g. “Three days after a quote is sent…”.'
                  }
                  required
                  rows={2}
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.descriptionMax } }}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <FormControlLabel
                  control={
                    <Switch checked={values.published} onChange={(event) => set('published', event.target.checked)} />
                  }
                  label="Published: vendors see it"
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField
                  label="Onboarding order"
                  {...textField('onboardingOrder', 'Empty: not recommended to new vendors. 1 comes first.')}
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              </Grid>
            </Grid>
          </EditorSection>
        </Box>
        <DefinitionSections form={{ draft: values.draft, ...edits }} title="Automation" />
        {editor.leavePrompt}
        <FormActionBar
          dirty={editor.dirty}
          exists={saved !== null}
          saving={editor.saving}
          onDelete={() => void editor.destroy()}
          deleting={editor.deleting}
        />
      </Box>
    </EditorProvider>
  );
}
