import { mergeFieldsFor } from '@automate/contract';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import { insertAt, MergeFieldPicker, mergeTag } from '@/components/ui/merge-field-picker.tsx';
import { useEditorContext } from './editor-context.tsx';

/**
 * A text field for email, SMS and note texts, with the merge-field picker under it (the fields the
 * trigger's event gives a value): the picked field goes in at the cursor (at the end when nobody has
 * been in the text yet).
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
  const { event } = useEditorContext();
  const input = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const selection = useRef<{ start: number; end: number } | null>(null);
  const remember = () => {
    const element = input.current;
    if (element) selection.current = { start: element.selectionStart ?? 0, end: element.selectionEnd ?? 0 };
  };
  const insert = (name: string) => {
    const start = selection.current?.start ?? value.length;
    const end = selection.current?.end ?? start;
    const next = insertAt(value, start, end, mergeTag(name));
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
        <MergeFieldPicker onPick={insert} target={label} fields={mergeFieldsFor(event)} />
      </Stack>
    </Stack>
  );
}
