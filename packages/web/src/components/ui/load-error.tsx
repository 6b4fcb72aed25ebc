import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { getErrorMessage } from '@/lib/api-client.ts';

/**
 * A load that failed: the server's sentence (else `fallback`) with a Try again button. When the
 * record does not exist, `missingText` says so as a warning, with nothing to retry.
 */
export function LoadError({
  error,
  fallback,
  onRetry,
  missingText,
  sx,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => unknown;
  missingText?: string;
  sx?: SxProps<Theme>;
}) {
  if (missingText !== undefined) {
    return (
      <Alert severity="warning" sx={sx}>
        {missingText}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          Try again
        </Button>
      }
    >
      {getErrorMessage(error, fallback)}
    </Alert>
  );
}
