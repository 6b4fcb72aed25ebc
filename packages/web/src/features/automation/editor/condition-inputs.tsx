import type { ComparisonOperator, Sm8ReferenceItem } from '@automate/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useEditorContext, useEditorLookups } from './editor-context.tsx';
import { conditionKey } from './issue-paths.ts';
import { bindParams, type ParamBinding } from './param-binding.ts';
import {
  OperatorSelect,
  ReferenceMultiPicker,
  ReferencePicker,
  StatusMultiPicker,
  StatusSelect,
} from './reference-pickers.tsx';
import type { DraftCondition, Params } from './trigger-draft.ts';

/** The inputs of one condition, by its type; each shows its own problem under it. */
export function ConditionInputs({
  condition,
  onChange,
}: {
  condition: DraftCondition;
  /** The condition's new params, and which one changed (its problem goes away). */
  onChange: (params: Params, param: string) => void;
}) {
  const { errors } = useEditorContext();
  const { reference } = useEditorLookups();
  const { params, type } = condition;
  const bind = bindParams(params, (param) => errors[conditionKey(condition.key, param)], onChange);

  switch (type) {
    case 'JobIsStatus':
      return <StatusSelect {...bind.text('status')} />;
    case 'JobIsCategory':
      return <ReferencePicker kind="category" label="Category" {...bind.text('categoryUuid')} />;
    case 'JobIsInQueue':
      return <ReferencePicker kind="queue" label="Queue" {...bind.text('queueUuid')} />;
    case 'ClientHasBadge':
    case 'JobHasBadge':
      return <ReferencePicker kind="badge" label="Badge" {...bind.text('badgeUuid')} />;
    case 'JobHasAllBadges':
    case 'ClientHasAllBadges':
    case 'JobExcludesBadges':
    case 'ClientExcludesBadges':
      return <ReferenceMultiPicker kind="badge" label="Badges" {...bind.list('badgeUuids')} />;
    case 'JobExcludesCategories':
      return <ReferenceMultiPicker kind="category" label="Categories" {...bind.list('categoryUuids')} />;
    case 'JobExcludesQueues':
      return <ReferenceMultiPicker kind="queue" label="Queues" {...bind.list('queueUuids')} />;
    case 'JobExcludesStatuses':
      return <StatusMultiPicker {...bind.list('statuses')} />;
    case 'FormIsType':
      return <ReferencePicker kind="form" label="Form" {...bind.text('formUuid')} />;
    case 'FormFieldTextIncludes':
    case 'FormFieldNumberMatches':
    case 'FormFieldChoiceMatches':
    case 'FormFieldDateMatches':
    case 'FormFieldMultiChoiceIncludes': {
      const formUuid = bind.value('formUuid');
      const fieldUuid = bind.value('field');
      const fieldOfForm = (item: Sm8ReferenceItem) =>
        String(item.details.formUuid ?? '').toLowerCase() === formUuid.toLowerCase();
      const chooseForm = (uuid: string) => {
        const keepField = reference.formfield.some(
          (item) => item.uuid === fieldUuid && String(item.details.formUuid ?? '') === uuid,
        );
        onChange({ ...params, formUuid: uuid, field: keepField ? fieldUuid : '' }, 'formUuid');
      };
      const answers = reference.formfield.find((item) => item.uuid === fieldUuid)?.details.choices;
      const choices = Array.isArray(answers) ? answers.map(String) : [];
      return (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <ReferencePicker
              kind="form"
              label="Form"
              value={formUuid}
              onChange={chooseForm}
              error={bind.error('formUuid')}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ReferencePicker
              kind="formfield"
              label="Field"
              value={fieldUuid}
              onChange={(v) => bind.set('field', v)}
              filter={fieldOfForm}
              disabled={formUuid === ''}
              error={bind.error('field')}
              helperText={formUuid === '' ? 'Pick the form first.' : undefined}
            />
          </Grid>
          <FormFieldValue type={condition.type} bind={bind} choices={choices} />
        </Grid>
      );
    }
    default:
      return (
        <Typography variant="body2" color="text.secondary">
          Nothing to set: this condition checks the record as it is.
        </Typography>
      );
  }
}

/** What the form field is compared with: words, a number or a date with an operator, or a choice. */
function FormFieldValue({
  type,
  bind,
  choices,
}: {
  type: DraftCondition['type'];
  bind: ParamBinding;
  choices: readonly string[];
}): ReactNode {
  const cell = (children: ReactNode, md = 6) => <Grid size={{ xs: 12, md }}>{children}</Grid>;
  if (type === 'FormFieldTextIncludes') {
    return cell(
      <TextField
        size="small"
        label="Contains the words"
        value={bind.value('text')}
        onChange={(event) => bind.set('text', event.target.value)}
        error={bind.error('text') !== undefined}
        helperText={bind.error('text')}
        required
        fullWidth
      />,
      12,
    );
  }
  if (type === 'FormFieldNumberMatches' || type === 'FormFieldDateMatches') {
    const isDate = type === 'FormFieldDateMatches';
    return (
      <>
        {cell(
          <OperatorSelect
            value={bind.value('operator')}
            onChange={(operator: ComparisonOperator) => bind.set('operator', operator)}
            words={isDate ? 'date' : 'number'}
            error={bind.error('operator')}
          />,
        )}
        {cell(
          <TextField
            size="small"
            label={isDate ? 'Date' : 'Number'}
            type={isDate ? 'date' : 'text'}
            value={bind.value('value')}
            onChange={(event) => bind.set('value', event.target.value)}
            error={bind.error('value') !== undefined}
            helperText={bind.error('value')}
            required
            fullWidth
            slotProps={{
              inputLabel: isDate ? { shrink: true } : undefined,
              htmlInput: isDate ? undefined : { inputMode: 'decimal' },
            }}
          />,
        )}
      </>
    );
  }
  return cell(
    <Autocomplete
      freeSolo
      size="small"
      options={[...choices]}
      value={bind.value('choice')}
      onInputChange={(_event, value) => bind.set('choice', value)}
      renderInput={(inputParams) => (
        <TextField
          {...inputParams}
          label={type === 'FormFieldMultiChoiceIncludes' ? 'Includes the answer' : 'The answer is'}
          required
          error={bind.error('choice') !== undefined}
          helperText={bind.error('choice')}
        />
      )}
    />,
    12,
  );
}
