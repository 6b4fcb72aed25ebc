import { MERGE_FIELDS } from '@automate/contract';
import DataObjectIcon from '@mui/icons-material/DataObject';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type MouseEvent, useRef, useState } from 'react';

/** `text` with `{{ name }}` put in place of the selection `start…end`; `cursor` is just after it. */
export function insertMergeField(
  text: string,
  start: number,
  end: number,
  name: string,
): { text: string; cursor: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const field = `{{ ${name} }}`;
  return { text: `${text.slice(0, from)}${field}${text.slice(to)}`, cursor: from + field.length };
}

/** "Insert merge field": a menu of `MERGE_FIELDS` with what each holds. */
function MergeFieldPicker({ onPick, label }: { onPick: (name: string) => void; label: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const pick = (name: string) => {
    setAnchor(null);
    onPick(name);
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<DataObjectIcon />}
        onClick={open}
        aria-label={`Insert merge field into ${label}`}
        aria-haspopup="menu"
      >
        Insert merge field
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {MERGE_FIELDS.map((field) => (
          <MenuItem key={field.name} onClick={() => pick(field.name)} dense>
            <ListItemText
              primary={`{{ ${field.name} }}`}
              secondary={field.description}
              slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * A text field for email, SMS and note texts, with the merge-field picker under it: the picked
 * field goes in at the cursor (at the end when nobody has been in the text yet).
 */
export function MergeTextField({
  label,
  value,
  onChange,
  error,
  helperText,
  multiline = false,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  helperText?: string;
  multiline?: boolean;
  maxLength?: number;
}) {
  const input = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const selection = useRef<{ start: number; end: number } | null>(null);
  const remember = () => {
    const element = input.current;
    if (element) selection.current = { start: element.selectionStart ?? 0, end: element.selectionEnd ?? 0 };
  };
  const insert = (name: string) => {
    const start = selection.current?.start ?? value.length;
    const end = selection.current?.end ?? start;
    const next = insertMergeField(value, start, end, name);
    onChange(next.text);
    selection.current = { start: next.cursor, end: next.cursor };
    requestAnimationFrame(() => {
      const element = input.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(next.cursor, next.cursor);
    });
  };
  const count = maxLength ? `${value.length}/${maxLength}` : undefined;
  return (
    <Stack spacing={0.5}>
      <TextField
        size="small"
        label={label}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          selection.current = {
            start: event.target.selectionStart ?? event.target.value.length,
            end: event.target.selectionEnd ?? event.target.value.length,
          };
        }}
        onSelect={remember}
        onBlur={remember}
        inputRef={input}
        error={error !== undefined}
        helperText={error ?? helperText ?? count}
        required
        fullWidth
        multiline={multiline}
        minRows={multiline ? 4 : undefined}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <MergeFieldPicker onPick={insert} label={label} />
      </Stack>
    </Stack>
  );
}
