import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEvent, type ReactNode, useId } from 'react';

export type PlainTextFieldProps = {
  label: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  name?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  /** Colours the field as wrong; `helperText` says why. */
  error?: boolean;
  helperText?: ReactNode;
  /** Shown at the input's end, inside its outline (the password's show/hide button). */
  endAdornment?: ReactNode;
};

/**
 * MUI's outlined text field, put together from its parts as `TextField` does. `TextField` also carries its
 * select mode (Select, Menu, Popover, Modal): about 15 KB (gzip) that the sign-in pages would load to
 * show two inputs.
 */
export function PlainTextField({
  label,
  required,
  disabled,
  fullWidth,
  error,
  helperText,
  endAdornment,
  ...input
}: PlainTextFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" required={required} disabled={disabled} fullWidth={fullWidth} error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        endAdornment={endAdornment}
        inputProps={{ 'aria-describedby': helperTextId }}
        {...input}
      />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
