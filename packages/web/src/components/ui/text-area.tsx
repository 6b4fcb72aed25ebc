import { styled } from '@mui/material/styles';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type TextAreaProps = Omit<TextFieldProps, 'multiline' | 'rows' | 'minRows' | 'maxRows' | 'select'> & {
  /** The lines it shows when empty; it grows with its text from there. */
  rows: number;
  /** Letters of one width, for text with markup (Markdown, merge fields) whose characters matter. */
  monospace?: boolean;
};

/**
 * A plain textarea in MUI's outline, sized by CSS: `field-sizing: content` grows it with its text from
 * `rows` lines; a browser without that keeps `rows` lines, scrolls, and offers a handle to drag it taller.
 */
const GrowingTextField = styled(TextField, {
  shouldForwardProp: (prop) => prop !== 'lines' && prop !== 'monospace',
})<{ lines: number; monospace: boolean }>(({ lines, monospace }) => ({
  '& textarea': {
    fieldSizing: 'content',
    minHeight: `${lines}lh`,
    '@supports not (field-sizing: content)': { resize: 'vertical' },
    ...(monospace ? { fontFamily: 'monospace', fontSize: 14 } : {}),
  },
}));

/**
 * A multiline text field. MUI's own (`multiline` on a TextField) measures its text as it mounts, in a
 * layout effect: a layout of the whole page forced inside the commit that draws the field, about 30 ms
 * of the trigger editor's first commit on a fast machine and four times that on a phone.
 */
export function TextArea({ rows, monospace = false, slotProps, ...props }: TextAreaProps) {
  return (
    <GrowingTextField
      {...props}
      lines={rows}
      monospace={monospace}
      multiline
      rows={rows}
      slotProps={{ ...slotProps, input: { ...slotProps?.input, inputComponent: 'textarea' } }}
    />
  );
}
