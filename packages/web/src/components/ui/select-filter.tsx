import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SearchChange } from '@/lib/search-params.ts';

export type SelectFilterOption = { value: string | boolean; label: string };

/**
 * A select that filters a search table on one field being equal to a value (text, an enum or a
 * boolean); its first option, `anyLabel`, removes the filter.
 */
export function SelectFilter({
  label,
  field,
  value,
  anyLabel,
  options,
  onChange,
  minWidth = 160,
}: {
  label: string;
  field: string;
  /** The filter's value in the search now (null when there is none). */
  value: unknown;
  anyLabel: string;
  options: readonly SelectFilterOption[];
  onChange: (change: SearchChange) => void;
  minWidth?: number;
}) {
  const current = options.find((option) => option.value === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={current ? String(current.value) : ''}
      onChange={(event) => {
        const chosen = options.find((option) => String(option.value) === event.target.value);
        onChange({ kind: 'filter', field, action: 'Eq', value: chosen ? chosen.value : null });
      }}
      sx={{ minWidth }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={String(option.value)} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
