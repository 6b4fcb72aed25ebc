import type { ComparisonOperator } from '@automate/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ReferenceItem } from './api/get-reference-data.ts';
import { useEditorContext } from './editor-context.tsx';
import { conditionKey } from './issue-paths.ts';
import {
  OperatorSelect,
  ReferenceMultiPicker,
  ReferencePicker,
  StatusMultiPicker,
  StatusSelect,
} from './reference-pickers.tsx';
import type { DraftCondition, Params } from './trigger-draft.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** The inputs of one condition, by its type; each shows its own problem under it. */
export function ConditionInputs({
  condition,
  onChange,
}: {
  condition: DraftCondition;
  /** The condition's new params, and which one changed (its problem goes away). */
  onChange: (params: Params, param: string) => void;
}) {
  const { errors, reference } = useEditorContext();
  const { params, type } = condition;
  const error = (param: string) => errors[conditionKey(condition.key, param)];
  const set = (param: string, value: unknown) => onChange({ ...params, [param]: value }, param);

  switch (type) {
    case 'JobIsStatus':
      return <StatusSelect value={text(params.status)} onChange={(v) => set('status', v)} error={error('status')} />;
    case 'JobIsCategory':
      return (
        <ReferencePicker
          kind="category"
          label="Category"
          value={text(params.categoryUuid)}
          onChange={(v) => set('categoryUuid', v)}
          error={error('categoryUuid')}
        />
      );
    case 'JobIsInQueue':
      return (
        <ReferencePicker
          kind="queue"
          label="Queue"
          value={text(params.queueUuid)}
          onChange={(v) => set('queueUuid', v)}
          error={error('queueUuid')}
        />
      );
    case 'ClientHasBadge':
    case 'JobHasBadge':
      return (
        <ReferencePicker
          kind="badge"
          label="Badge"
          value={text(params.badgeUuid)}
          onChange={(v) => set('badgeUuid', v)}
          error={error('badgeUuid')}
        />
      );
    case 'JobHasAllBadges':
    case 'ClientHasAllBadges':
    case 'JobExcludesBadges':
    case 'ClientExcludesBadges':
      return (
        <ReferenceMultiPicker
          kind="badge"
          label="Badges"
          value={list(params.badgeUuids)}
          onChange={(v) => set('badgeUuids', v)}
          error={error('badgeUuids')}
        />
      );
    case 'JobExcludesCategories':
      return (
        <ReferenceMultiPicker
          kind="category"
          label="Categories"
          value={list(params.categoryUuids)}
          onChange={(v) => set('categoryUuids', v)}
          error={error('categoryUuids')}
        />
      );
    case 'JobExcludesQueues':
      return (
        <ReferenceMultiPicker
          kind="queue"
          label="Queues"
          value={list(params.queueUuids)}
          onChange={(v) => set('queueUuids', v)}
          error={error('queueUuids')}
        />
      );
    case 'JobExcludesStatuses':
      return (
        <StatusMultiPicker
          value={list(params.statuses)}
          onChange={(v) => set('statuses', v)}
          error={error('statuses')}
        />
      );
    case 'FormIsType':
      return (
        <ReferencePicker
          kind="form"
          label="Form"
          value={text(params.formUuid)}
          onChange={(v) => set('formUuid', v)}
          error={error('formUuid')}
        />
      );
    case 'FormFieldTextIncludes':
    case 'FormFieldNumberMatches':
    case 'FormFieldChoiceMatches':
    case 'FormFieldDateMatches':
    case 'FormFieldMultiChoiceIncludes': {
      const formUuid = text(params.formUuid);
      const fieldUuid = text(params.field);
      const fieldOfForm = (item: ReferenceItem) =>
        String(item.details.formUuid ?? '').toLowerCase() === formUuid.toLowerCase();
      const chooseForm = (uuid: string) => {
        const keepField = reference.formfield.some(
          (item) => item.uuid === fieldUuid && String(item.details.formUuid ?? '') === uuid,
        );
        onChange({ ...params, formUuid: uuid, field: keepField ? fieldUuid : '' }, 'formUuid');
      };
      const choices = list(reference.formfield.find((item) => item.uuid === fieldUuid)?.details.choices);
      return (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <ReferencePicker
              kind="form"
              label="Form"
              value={formUuid}
              onChange={chooseForm}
              error={error('formUuid')}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ReferencePicker
              kind="formfield"
              label="Field"
              value={fieldUuid}
              onChange={(v) => set('field', v)}
              filter={fieldOfForm}
              disabled={formUuid === ''}
              error={error('field')}
              helperText={formUuid === '' ? 'Pick the form first.' : undefined}
            />
          </Grid>
          <FormFieldValue condition={condition} set={set} error={error} choices={choices} />
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
  condition,
  set,
  error,
  choices,
}: {
  condition: DraftCondition;
  set: (param: string, value: unknown) => void;
  error: (param: string) => string | undefined;
  choices: readonly string[];
}): ReactNode {
  const { params, type } = condition;
  const cell = (children: ReactNode, md = 6) => <Grid size={{ xs: 12, md }}>{children}</Grid>;
  if (type === 'FormFieldTextIncludes') {
    return cell(
      <TextField
        size="small"
        label="Contains the words"
        value={text(params.text)}
        onChange={(event) => set('text', event.target.value)}
        error={error('text') !== undefined}
        helperText={error('text')}
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
            value={text(params.operator)}
            onChange={(operator: ComparisonOperator) => set('operator', operator)}
            words={isDate ? 'date' : 'number'}
            error={error('operator')}
          />,
        )}
        {cell(
          <TextField
            size="small"
            label={isDate ? 'Date' : 'Number'}
            type={isDate ? 'date' : 'text'}
            value={text(params.value)}
            onChange={(event) => set('value', event.target.value)}
            error={error('value') !== undefined}
            helperText={error('value')}
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
      value={text(params.choice)}
      onInputChange={(_event, value) => set('choice', value)}
      renderInput={(inputParams) => (
        <TextField
          {...inputParams}
          label={type === 'FormFieldMultiChoiceIncludes' ? 'Includes the answer' : 'The answer is'}
          required
          error={error('choice') !== undefined}
          helperText={error('choice')}
        />
      )}
    />,
    12,
  );
}
