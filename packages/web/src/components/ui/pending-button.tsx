import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * A button that sends a request: while `pending` it shows a spinner and `pendingText` and cannot be
 * pressed again.
 */
export function PendingButton({
  pending,
  pendingText,
  disabled = false,
  children,
  ...props
}: ButtonProps & { pending: boolean; pendingText: string }) {
  const spinner =
    props.variant === 'contained' ? <CircularProgress size={18} color="inherit" /> : <CircularProgress size={16} />;
  return (
    <Button {...props} disabled={pending || disabled} startIcon={pending ? spinner : null}>
      {pending ? pendingText : children}
    </Button>
  );
}
