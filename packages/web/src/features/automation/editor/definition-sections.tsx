import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { ActionList } from './action-list.tsx';
import { ConditionBuilder } from './condition-builder.tsx';
import type { TriggerDraft } from './trigger-draft.ts';
import { TriggerBasics, TriggerTiming } from './trigger-fields.tsx';
import { TriggerSummary } from './trigger-summary.tsx';
import type { DraftEdits } from './use-definition-draft.ts';

export function EditorSection({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {subtitle}
        </Typography>
      ) : (
        <Box sx={{ mb: 2 }} />
      )}
      {children}
    </Paper>
  );
}

/**
 * The editor's sections (the trigger, its conditions, timing and actions) over a definition being
 * edited: a trigger's, or a template's (inside an `EditorProvider` with `namedReferences`).
 */
export function DefinitionSections({
  form,
  title = 'Trigger',
}: {
  form: DraftEdits & { draft: TriggerDraft };
  title?: string;
}) {
  const { draft } = form;
  return (
    <Stack spacing={2}>
      <EditorSection title={title}>
        <TriggerBasics draft={draft} setField={form.setField} />
      </EditorSection>
      <EditorSection
        title="Conditions"
        subtitle="Only when these hold on the record. Groups combine their own conditions."
      >
        <ConditionBuilder root={draft.conditions} edit={form.editConditions} />
      </EditorSection>
      <EditorSection title="Timing">
        <TriggerTiming draft={draft} setField={form.setField} setDelay={form.setDelay} />
      </EditorSection>
      <EditorSection title="Actions" subtitle="Performed in this order, each once.">
        <ActionList actions={draft.actions} edit={form.editActions} />
      </EditorSection>
      <EditorSection title="In one sentence">
        <TriggerSummary draft={draft} />
      </EditorSection>
    </Stack>
  );
}
