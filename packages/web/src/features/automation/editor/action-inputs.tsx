import { TRIGGER_LIMITS } from '@automate/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AttachmentInput } from './attachment-input.tsx';
import { useEditorContext } from './editor-context.tsx';
import { actionKey } from './issue-paths.ts';
import { MergeTextField } from './merge-field-picker.tsx';
import { ReferencePicker, StatusSelect } from './reference-pickers.tsx';
import { type DraftAction, type Params, usesEmailTemplate } from './trigger-draft.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

type ActionInputsProps = {
  action: DraftAction;
  /** The action's new params, and which one changed (its problem goes away). */
  onChange: (params: Params, param: string) => void;
};

const APPEND_LABELS: Record<string, string> = {
  Job_AddNote: 'Note',
  Job_AddDescription: 'Text to add to the job description',
  Job_AddWorkDoneDescription: 'Text to add to the work done description',
};

/** The inputs of one action, by its type; each shows its own problem under it. */
export function ActionInputs({ action, onChange }: ActionInputsProps) {
  const { errors } = useEditorContext();
  const { params, type } = action;
  const error = (param: string) => errors[actionKey(action.id, param)];
  const set = (param: string, value: unknown) => onChange({ ...params, [param]: value }, param);

  switch (type) {
    case 'Job_AddBadge':
    case 'Job_RemoveBadge':
      return (
        <ReferencePicker
          kind="badge"
          label="Badge"
          value={text(params.badgeUuid)}
          onChange={(v) => set('badgeUuid', v)}
          error={error('badgeUuid')}
        />
      );
    case 'Job_ChangeStatus':
      return (
        <StatusSelect
          label="New status"
          value={text(params.status)}
          onChange={(v) => set('status', v)}
          error={error('status')}
        />
      );
    case 'Job_AddToQueue':
      return (
        <ReferencePicker
          kind="queue"
          label="Queue"
          value={text(params.queueUuid)}
          onChange={(v) => set('queueUuid', v)}
          error={error('queueUuid')}
        />
      );
    case 'Job_AddNote':
    case 'Job_AddDescription':
    case 'Job_AddWorkDoneDescription':
      return (
        <MergeTextField
          label={APPEND_LABELS[type] ?? 'Text'}
          value={text(params.text)}
          onChange={(v) => set('text', v)}
          error={error('text')}
          multiline
        />
      );
    case 'Job_SendText':
    case 'JobClient_SendText':
      return (
        <MergeTextField
          label="Message"
          value={text(params.message)}
          onChange={(v) => set('message', v)}
          error={error('message')}
          maxLength={TRIGGER_LIMITS.smsMax}
          multiline
        />
      );
    case 'Job_AddService':
      return (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 8 }}>
            <ReferencePicker
              kind="material"
              label="Service (from your price list)"
              value={text(params.materialUuid)}
              onChange={(v) => set('materialUuid', v)}
              error={error('materialUuid')}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              size="small"
              label="Quantity"
              value={text(params.quantity)}
              onChange={(event) => set('quantity', event.target.value)}
              error={error('quantity') !== undefined}
              helperText={error('quantity')}
              required
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Grid>
        </Grid>
      );
    case 'Job_SendEmail':
    case 'JobClient_SendEmail':
      return <EmailInputs action={action} onChange={onChange} />;
    case 'Job_SendAttachment':
      return (
        <Stack spacing={2}>
          <AttachmentInput
            actionId={action.id}
            attachmentId={text(params.attachmentId)}
            onChange={(v) => set('attachmentId', v)}
            error={error('attachmentId')}
          />
          <MergeTextField
            label="Subject"
            value={text(params.subject)}
            onChange={(v) => set('subject', v)}
            error={error('subject')}
          />
          <MergeTextField
            label="Body"
            value={text(params.body)}
            onChange={(v) => set('body', v)}
            error={error('body')}
            multiline
          />
        </Stack>
      );
    case 'JobClient_CreateJob':
      return (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <StatusSelect
              label="Status of the new job"
              value={text(params.status)}
              onChange={(v) => set('status', v)}
              error={error('status')}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ReferencePicker
              kind="category"
              label="Category (optional)"
              required={false}
              value={text(params.categoryUuid)}
              onChange={(v) => set('categoryUuid', v)}
              error={error('categoryUuid')}
            />
          </Grid>
          <Grid size={12}>
            <MergeTextField
              label="Job description"
              value={text(params.description)}
              onChange={(v) => set('description', v)}
              error={error('description')}
              multiline
            />
          </Grid>
        </Grid>
      );
    default:
      return null;
  }
}

/** An email written here (subject and body with merge fields) or one of the vendor's email templates. */
function EmailInputs({ action, onChange }: ActionInputsProps) {
  const { emailTemplates, emailTemplatesLoading, errors } = useEditorContext();
  const { params } = action;
  const error = (param: string) => errors[actionKey(action.id, param)];
  const set = (param: string, value: unknown) => onChange({ ...params, [param]: value }, param);
  const template = usesEmailTemplate(action);
  const templateId = text(params.emailTemplateId);
  const chosen = emailTemplates.find((item) => item.id === templateId);

  const setMode = (mode: string) => {
    const { emailTemplateId: _dropped, ...rest } = params;
    onChange(mode === 'template' ? { ...rest, emailTemplateId: '' } : rest, 'emailTemplateId');
  };

  return (
    <Stack spacing={2}>
      <RadioGroup row value={template ? 'template' : 'inline'} onChange={(event) => setMode(event.target.value)}>
        <FormControlLabel value="inline" control={<Radio size="small" />} label="Write the email" />
        <FormControlLabel value="template" control={<Radio size="small" />} label="Use an email template" />
      </RadioGroup>
      {template ? (
        <TextField
          select
          size="small"
          label="Email template"
          value={chosen || templateId === '' ? templateId : ''}
          onChange={(event) => set('emailTemplateId', event.target.value)}
          error={error('emailTemplateId') !== undefined}
          helperText={
            error('emailTemplateId') ??
            (chosen
              ? `Subject: ${chosen.subject}`
              : emailTemplatesLoading
                ? 'Loading your templates…'
                : emailTemplates.length === 0
                  ? 'You have no email templates yet: add them under Account › Emails.'
                  : templateId !== ''
                    ? `The template ${templateId} no longer exists; pick another.`
                    : undefined)
          }
          required
          fullWidth
        >
          {emailTemplates.map((item) => (
            <MenuItem key={item.id} value={item.id}>
              {item.name}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <>
          <MergeTextField
            label="Subject"
            value={text(params.subject)}
            onChange={(v) => set('subject', v)}
            error={error('subject')}
            maxLength={TRIGGER_LIMITS.subjectMax}
          />
          <MergeTextField
            label="Body"
            value={text(params.body)}
            onChange={(v) => set('body', v)}
            error={error('body')}
            multiline
          />
        </>
      )}
    </Stack>
  );
}
