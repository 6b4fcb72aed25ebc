import type { FilterOperator } from '@automate/contract';
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { SearchChange } from '@/lib/search-params.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';

/**
 * A text box that filters a search table on one field; the search changes once typing pauses. Follows
 * `value` when it changes from elsewhere (Back).
 */
export function TextFilter({
  label,
  field,
  action = 'ILike',
  value,
  onChange,
}: {
  label: string;
  field: string;
  action?: FilterOperator;
  /** The filter's value in the search now. */
  value: string;
  onChange: (change: SearchChange) => void;
}) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text.trim(), 300);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly settled text changes the search
  useEffect(() => {
    if (settled !== value) onChange({ kind: 'filter', field, action, value: settled });
  }, [settled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the URL when it changes from elsewhere
  useEffect(() => {
    if (value !== settled) setText(value);
  }, [value]);

  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      autoComplete="off"
      sx={{ minWidth: 240 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
