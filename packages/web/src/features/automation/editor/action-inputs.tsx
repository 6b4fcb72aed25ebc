import { ACTION_TEXT_PARAMS, TRIGGER_LIMITS } from '@automate/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AttachmentInput } from './attachment-input.tsx';
import { useEditorContext, useEditorLookups } from './editor-context.tsx';
import { actionKey } from './issue-paths.ts';
import { MergeTextField } from './merge-text-field.tsx';
import { bindParams } from './param-binding.ts';
import { ReferencePicker, StatusSelect } from './reference-pickers.tsx';
import { type DraftAction, type Params, usesEmailTemplate } from './trigger-draft.ts';
import { WebAddressInputs } from './web-address-inputs.tsx';

type ActionInputsProps = {
  action: DraftAction;
  /** The action's new params, and which one changed (its problem goes away). */
  onChange: (params: Params, param: string) => void;
};

/** The inputs of one action, by its type; each shows its own problem under it. */
export function ActionInputs({ action, onChange }: ActionInputsProps) {
  const { errors } = useEditorContext();
  const { params, type } = action;
  const bind = bindParams(params, (param) => errors[actionKey(action.id, param)], onChange);

  switch (type) {
    case 'Job_AddBadge':
    case 'Job_RemoveBadge':
      return <ReferencePicker kind="badge" label="Badge" {...bind.text('badgeUuid')} />;
    case 'Job_ChangeStatus':
      return <StatusSelect label="New status" {...bind.text('status')} />;
    case 'Job_AddToQueue':
      return <ReferencePicker kind="queue" label="Queue" {...bind.text('queueUuid')} />;
    case 'Job_AddNote':
    case 'Job_AddDescription':
    case 'Job_AddWorkDoneDescription':
      return <MergeTextField label={ACTION_TEXT_PARAMS[type]?.text ?? 'Text'} {...bind.text('text')} multiline />;
    case 'Job_SendText':
    case 'JobClient_SendText':
      return <MergeTextField label="Message" {...bind.text('message')} maxLength={TRIGGER_LIMITS.smsMax} multiline />;
    case 'Job_AddService':
      return (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 8 }}>
            <ReferencePicker kind="material" label="Service (from your price list)" {...bind.text('materialUuid')} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              size="small"
              label="Quantity"
              value={bind.value('quantity')}
              onChange={(event) => bind.set('quantity', event.target.value)}
              error={bind.error('quantity') !== undefined}
              helperText={bind.error('quantity')}
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
            attachmentId={bind.value('attachmentId')}
            onChange={(v) => bind.set('attachmentId', v)}
            error={bind.error('attachmentId')}
          />
          <MergeTextField label="Subject" {...bind.text('subject')} />
          <MergeTextField label="Body" {...bind.text('body')} multiline />
        </Stack>
      );
    case 'JobClient_CreateJob':
      return (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <StatusSelect label="Status of the new job" {...bind.text('status')} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ReferencePicker
              kind="category"
              label="Category (optional)"
              required={false}
              {...bind.text('categoryUuid')}
            />
          </Grid>
          <Grid size={12}>
            <MergeTextField label="Job description" {...bind.text('description')} multiline />
          </Grid>
        </Grid>
      );
    case 'SendToWebAddress':
      return <WebAddressInputs action={action} onChange={onChange} />;
    default:
      return null;
  }
}

/** An email written here (subject and body with merge fields) or one of the vendor's email templates. */
function EmailInputs({ action, onChange }: ActionInputsProps) {
  const { errors, namedReferences } = useEditorContext();
  const { emailTemplates, emailTemplatesLoading } = useEditorLookups();
  const { params } = action;
  const bind = bindParams(params, (param) => errors[actionKey(action.id, param)], onChange);
  const template = usesEmailTemplate(action);
  const templateId = bind.value('emailTemplateId');
  const chosen = emailTemplates.find((item) => item.id === templateId);

  const setMode = (mode: string) => {
    const { emailTemplateId: _dropped, ...rest } = params;
    onChange(mode === 'template' ? { ...rest, emailTemplateId: '' } : rest, 'emailTemplateId');
  };

  return (
    <Stack spacing={2}>
      {namedReferences ? null : (
        <RadioGroup row value={template ? 'template' : 'inline'} onChange={(event) => setMode(event.target.value)}>
          <FormControlLabel value="inline" control={<Radio size="small" />} label="Write the email" />
          <FormControlLabel value="template" control={<Radio size="small" />} label="Use an email template" />
        </RadioGroup>
      )}
      {template ? (
        <TextField
          select
          size="small"
          label="Email template"
          value={chosen || templateId === '' ? templateId : ''}
          onChange={(event) => bind.set('emailTemplateId', event.target.value)}
          error={bind.error('emailTemplateId') !== undefined}
          helperText={
            bind.error('emailTemplateId') ??
            (chosen
              ? `Subject: ${chosen.subject}`
              : emailTemplatesLoading
                ? 'Loading your templates…'
                : emailTemplates.length === 0
                  ? 'You have no email templates yet: add them under Account › Email templates.'
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
          <MergeTextField label="Subject" {...bind.text('subject')} maxLength={TRIGGER_LIMITS.subjectMax} />
          <MergeTextField label="Body" {...bind.text('body')} multiline />
        </>
      )}
    </Stack>
  );
}
