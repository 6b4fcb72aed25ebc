import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The footer's status line, announced politely when it changes. */
export function SystemStatusLine({ children }: { children: ReactNode }) {
  return (
    <Typography
      role="status"
      aria-live="polite"
      variant="body2"
      color="text.secondary"
      data-testid="system-status"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
    >
      {children}
    </Typography>
  );
}

/** The line while the status is asked for; also shown while the status's own code loads. */
export function CheckingSystemStatus() {
  return (
    <SystemStatusLine>
      <CircularProgress size={10} thickness={6} aria-hidden />
      <span>Checking system status…</span>
    </SystemStatusLine>
  );
}
