import Alert, { type AlertProps } from '@mui/material/Alert';
import { getErrorMessage } from '@/lib/api-error.ts';

/**
 * A failed request: the server's sentence (else `fallback`) as an error alert, followed by `children`;
 * nothing while `error` is null.
 */
export function ErrorAlert({
  error,
  fallback,
  children,
  ...props
}: Omit<AlertProps, 'severity'> & { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <Alert severity="error" {...props}>
      {getErrorMessage(error, fallback)}
      {children}
    </Alert>
  );
}
