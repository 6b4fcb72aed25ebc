import type { MergeFieldName } from '@automate/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';
import { insertAt, MergeFieldPicker, mergeTag } from '@/components/ui/merge-field-picker.tsx';
import { TextArea } from '@/components/ui/text-area.tsx';
import { formatNumber } from '@/lib/format.ts';
import { useCursorInsertion } from './use-cursor-insertion.ts';

/**
 * A text field whose text may hold merge fields, with "Insert merge field" below it (offering `fields`,
 * every merge field by default): the picked field goes in at the cursor (in place of a selection; at
 * the end when nobody has been in the field yet). With `maxLength`, the helper counts the characters;
 * with `rows`, it is a text of several lines, `rows` of them when empty.
 */
export function MergeTextField({
  label,
  name,
  value,
  onChange,
  error,
  helperText,
  readOnly = false,
  rows,
  maxLength,
  autoFocus,
  size,
  fields,
}: {
  label: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  helperText?: string;
  readOnly?: boolean;
  /** Several lines, this many shown when empty; one line when unset. */
  rows?: number;
  /** Shown as a count under the field (the check itself happens on save, so pasted text is never cut). */
  maxLength?: number;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
  /** The merge fields the picker offers (the text's context decides); every one by default. */
  fields?: readonly MergeFieldName[];
}) {
  const count = maxLength === undefined ? '' : `${formatNumber(value.length)} / ${formatNumber(maxLength)} characters.`;
  const help = [helperText, count].filter(Boolean).join(' ');
  const { input, rememberSelection, place } = useCursorInsertion<HTMLInputElement | HTMLTextAreaElement>(
    value,
    onChange,
  );
  const insert = (field: string) => place((text, start, end) => insertAt(text, start, end, mergeTag(field)));

  const fieldProps = {
    label,
    name,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      onChange(event.target.value);
      rememberSelection();
    },
    onSelect: rememberSelection,
    // Where the cursor was when the person went to the picker.
    onBlur: rememberSelection,
    inputRef: input,
    error: error !== undefined,
    helperText: error ?? (help || undefined),
    size,
    required: !readOnly,
    fullWidth: true,
    autoFocus,
    slotProps: { htmlInput: { readOnly, spellCheck: true } },
  };

  return (
    <Box>
      {rows === undefined ? <TextField {...fieldProps} /> : <TextArea {...fieldProps} rows={rows} monospace />}
      {readOnly ? null : (
        <Stack direction="row" sx={{ mt: 0.5 }}>
          <MergeFieldPicker target={`the ${label.toLowerCase()}`} onPick={insert} fields={fields} />
        </Stack>
      )}
    </Box>
  );
}
