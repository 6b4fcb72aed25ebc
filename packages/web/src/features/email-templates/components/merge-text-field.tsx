import DataObjectIcon from '@mui/icons-material/DataObject';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState } from 'react';
import { formatNumber } from '@/lib/format.ts';
import { insertAt, MERGE_FIELD_GROUPS, mergeTag } from '../merge-text.ts';

/** "Insert merge field": a menu of the merge fields with what each holds; picking one calls `onPick`. */
function MergeFieldPicker({ target, onPick }: { target: string; onPick: (name: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        id={buttonId}
        size="small"
        startIcon={<DataObjectIcon />}
        aria-label={`Insert a merge field into the ${target}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Insert merge field
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        // The field gets the focus back, with the cursor after what was inserted.
        disableRestoreFocus
        slotProps={{
          list: { 'aria-labelledby': buttonId, dense: true },
          paper: { sx: { maxHeight: 420, maxWidth: 420 } },
        }}
      >
        {MERGE_FIELD_GROUPS.flatMap((group) => [
          <ListSubheader key={group.label} sx={{ lineHeight: '32px' }}>
            {group.label}
          </ListSubheader>,
          ...group.fields.map((field) => (
            <MenuItem
              key={field.name}
              onClick={() => {
                close();
                onPick(field.name);
              }}
            >
              <ListItemText
                primary={mergeTag(field.name)}
                secondary={field.description}
                slotProps={{
                  primary: { sx: { fontFamily: 'monospace', fontSize: 14 } },
                  secondary: { sx: { whiteSpace: 'normal' } },
                }}
              />
            </MenuItem>
          )),
        ])}
      </Menu>
    </>
  );
}

/**
 * A text field whose text may hold merge fields, with "Insert merge field" below it: the picked field
 * goes in at the cursor (in place of a selection; at the end when nobody has been in the field yet).
 */
export function MergeTextField({
  label,
  name,
  value,
  onChange,
  error,
  helperText,
  readOnly,
  multiline = false,
  minRows,
  maxLength,
  autoFocus,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  helperText: string;
  readOnly: boolean;
  multiline?: boolean;
  minRows?: number;
  /** Shown as a count under the field (the check itself happens on save, so pasted text is never cut). */
  maxLength: number;
  autoFocus?: boolean;
}) {
  const input = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const selection = useRef<{ start: number; end: number } | null>(null);
  // The latest text, should the picker answer after more typing.
  const latest = useRef(value);
  latest.current = value;

  const rememberSelection = () => {
    const element = input.current;
    if (element && element.selectionStart !== null && element.selectionEnd !== null) {
      selection.current = { start: element.selectionStart, end: element.selectionEnd };
    }
  };

  const insert = (field: string) => {
    const start = selection.current?.start ?? latest.current.length;
    const end = selection.current?.end ?? start;
    const next = insertAt(latest.current, start, end, mergeTag(field));
    onChange(next.text);
    selection.current = { start: next.cursor, end: next.cursor };
    requestAnimationFrame(() => {
      const element = input.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(next.cursor, next.cursor);
    });
  };

  return (
    <Box>
      <TextField
        label={label}
        name={name}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          rememberSelection();
        }}
        onSelect={rememberSelection}
        inputRef={input}
        error={error !== undefined}
        helperText={error ?? `${helperText} ${formatNumber(value.length)} / ${formatNumber(maxLength)} characters.`}
        required={!readOnly}
        fullWidth
        multiline={multiline}
        minRows={minRows}
        autoFocus={autoFocus}
        slotProps={{
          htmlInput: { readOnly, spellCheck: true },
          input: multiline ? { sx: { fontFamily: 'monospace', fontSize: 14, alignItems: 'flex-start' } } : {},
        }}
      />
      {readOnly ? null : (
        <Stack direction="row" sx={{ mt: 0.5 }}>
          <MergeFieldPicker target={label.toLowerCase()} onPick={insert} />
        </Stack>
      )}
    </Box>
  );
}
