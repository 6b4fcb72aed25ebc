import { COMPARISON_WORDS, type ComparisonOperator, JOB_STATUSES, type Sm8ReferenceItem } from '@automate/contract';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReferenceKind } from './api/get-reference-data.ts';
import { useEditorContext, useEditorLookups } from './editor-context.tsx';
import { OPERATOR_ORDER } from './labels.ts';

/**
 * Pickers over the vendor's synced ServiceM8 data (badges, queues, categories, forms, form fields,
 * materials), the job statuses and the comparison operators. A value that is no longer in the data
 * (deleted in ServiceM8, or not synced yet) stays shown by its id, so it can be seen and replaced;
 * inactive records are marked and not offered for new picks.
 */

type Option = { uuid: string; name: string; active: boolean; missing?: boolean };

const NOUNS: Record<ReferenceKind, string> = {
  badge: 'badge',
  queue: 'queue',
  category: 'category',
  staff: 'staff member',
  form: 'form',
  formfield: 'field',
  material: 'material',
};

function optionLabel(option: Option): string {
  if (option.missing) return `Unknown (${option.uuid})`;
  return option.active ? option.name : `${option.name} (inactive)`;
}

function toOption(item: Sm8ReferenceItem): Option {
  return { uuid: item.uuid, name: item.name, active: item.active };
}

function useOptions(kind: ReferenceKind, filter?: (item: Sm8ReferenceItem) => boolean) {
  const { reference, referenceLoading } = useEditorLookups();
  const items = filter ? reference[kind].filter(filter) : reference[kind];
  const find = (uuid: string): Option | null => {
    if (uuid === '') return null;
    const item = items.find((candidate) => candidate.uuid.toLowerCase() === uuid.toLowerCase());
    return item ? toOption(item) : { uuid, name: uuid, active: false, missing: true };
  };
  return { options: items.map(toOption), find, loading: referenceLoading };
}

type PickerProps = {
  kind: ReferenceKind;
  label: string;
  error?: string | undefined;
  helperText?: string;
  /** Only these records (e.g. the fields of the chosen form). */
  filter?: (item: Sm8ReferenceItem) => boolean;
  disabled?: boolean;
  required?: boolean;
};

const NAME_HELP = 'Any name: each business’s own record of that name is used (they are asked when it has none).';

/** The names the picker suggests in template mode: the records of the vendor at hand, if any. */
function useNameSuggestions(kind: ReferenceKind) {
  const { reference } = useEditorLookups();
  return [...new Set(reference[kind].map((item) => item.name))];
}

/** A record written by its name, for templates. */
function NamePicker({
  kind,
  label,
  value,
  onChange,
  error,
  required = true,
}: PickerProps & { value: string; onChange: (name: string) => void }) {
  const names = useNameSuggestions(kind);
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={names}
      value={value}
      onInputChange={(_event, name) => onChange(name)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={`${label} (name)`}
          required={required}
          error={error !== undefined}
          helperText={error ?? NAME_HELP}
        />
      )}
    />
  );
}

/** Records written by their names, for templates. */
function NameMultiPicker({
  kind,
  label,
  value,
  onChange,
  error,
}: PickerProps & { value: readonly string[]; onChange: (names: string[]) => void }) {
  const names = useNameSuggestions(kind);
  return (
    <Autocomplete
      multiple
      freeSolo
      size="small"
      options={names}
      value={[...value]}
      onChange={(_event, chosen) => onChange(chosen.map((name) => name.trim()).filter(Boolean))}
      renderInput={(params) => (
        <TextField
          {...params}
          label={`${label} (names)`}
          required
          error={error !== undefined}
          helperText={error ?? `${NAME_HELP} Press Enter after each name.`}
        />
      )}
    />
  );
}

export function ReferencePicker({
  kind,
  label,
  value,
  onChange,
  error,
  helperText,
  filter,
  disabled,
  required = true,
}: PickerProps & { value: string; onChange: (uuid: string) => void }) {
  const { namedReferences } = useEditorContext();
  const { options, find, loading } = useOptions(kind, filter);
  if (namedReferences) {
    return <NamePicker kind={kind} label={label} value={value} onChange={onChange} error={error} required={required} />;
  }
  return (
    <Autocomplete
      size="small"
      options={options}
      value={find(value)}
      loading={loading}
      disabled={disabled}
      getOptionLabel={optionLabel}
      getOptionKey={(option) => option.uuid}
      getOptionDisabled={(option) => !option.active}
      isOptionEqualToValue={(option, current) => option.uuid === current.uuid}
      onChange={(_event, option) => onChange(option?.uuid ?? '')}
      noOptionsText={`No ${NOUNS[kind]} found. Add it in ServiceM8, then sync.`}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error !== undefined}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}

export function ReferenceMultiPicker({
  kind,
  label,
  value,
  onChange,
  error,
  helperText,
  filter,
}: PickerProps & { value: readonly string[]; onChange: (uuids: string[]) => void }) {
  const { namedReferences } = useEditorContext();
  const { options, find, loading } = useOptions(kind, filter);
  if (namedReferences) {
    return <NameMultiPicker kind={kind} label={label} value={value} onChange={onChange} error={error} />;
  }
  const selected = value.map(find).filter((option): option is Option => option !== null);
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={selected}
      loading={loading}
      filterSelectedOptions
      getOptionLabel={optionLabel}
      getOptionKey={(option) => option.uuid}
      getOptionDisabled={(option) => !option.active}
      isOptionEqualToValue={(option, current) => option.uuid === current.uuid}
      onChange={(_event, options) => onChange(options.map((option) => option.uuid))}
      noOptionsText={`No more ${NOUNS[kind]} to pick.`}
      renderInput={(params) => (
        <TextField {...params} label={label} required error={error !== undefined} helperText={error ?? helperText} />
      )}
    />
  );
}

export function StatusSelect({
  label = 'Status',
  value,
  onChange,
  error,
}: {
  label?: string;
  value: string;
  onChange: (status: string) => void;
  error?: string | undefined;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error}
      required
      fullWidth
    >
      {JOB_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {status}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function StatusMultiPicker({
  label = 'Statuses',
  value,
  onChange,
  error,
}: {
  label?: string;
  value: readonly string[];
  onChange: (statuses: string[]) => void;
  error?: string | undefined;
}) {
  return (
    <Autocomplete
      multiple
      size="small"
      options={[...JOB_STATUSES] as string[]}
      value={[...value]}
      filterSelectedOptions
      onChange={(_event, statuses) => onChange(statuses)}
      renderInput={(params) => (
        <TextField {...params} label={label} required error={error !== undefined} helperText={error} />
      )}
    />
  );
}

export function OperatorSelect({
  value,
  onChange,
  words,
  error,
}: {
  value: string;
  onChange: (operator: ComparisonOperator) => void;
  /** Numbers read "less than", dates "before". */
  words: 'number' | 'date';
  error?: string | undefined;
}) {
  return (
    <TextField
      select
      size="small"
      label="Comparison"
      value={value}
      onChange={(event) => onChange(event.target.value as ComparisonOperator)}
      error={error !== undefined}
      helperText={error}
      fullWidth
    >
      {OPERATOR_ORDER.map((operator) => (
        <MenuItem key={operator} value={operator}>
          {COMPARISON_WORDS[operator][words]}
        </MenuItem>
      ))}
    </TextField>
  );
}
