import type { Health } from '@automate/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useHealth } from '../api/get-health.ts';

type Tone = 'success' | 'warning' | 'error';

function describeHealth(health: Health): { tone: Tone; text: string } {
  if (health.status === 'ok') return { tone: 'success', text: 'All systems operational' };
  const down = [
    health.database.ok ? null : `database: ${health.database.detail}`,
    health.queue.ok ? null : `job queue: ${health.queue.detail}`,
  ].filter((part): part is string => part !== null);
  return {
    tone: 'warning',
    text: down.length > 0 ? `Degraded service (${down.join('; ')})` : 'Degraded service',
  };
}

function StatusDot({ tone }: { tone: Tone }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: `${tone}.main`, flexShrink: 0 }}
    />
  );
}

/** One line telling visitors whether the service is up, fed by `GET /api/health`. */
export function SystemStatus() {
  const health = useHealth();

  let content: ReactNode;
  if (health.isPending) {
    content = (
      <>
        <CircularProgress size={10} thickness={6} aria-hidden />
        <span>Checking system status…</span>
      </>
    );
  } else if (health.isError) {
    content = (
      <>
        <StatusDot tone="error" />
        <span>System status unavailable: {getErrorMessage(health.error, 'the server did not answer.')}</span>
      </>
    );
  } else {
    const { tone, text } = describeHealth(health.data);
    content = (
      <>
        <StatusDot tone={tone} />
        <span>
          {text} · server v{health.data.version}
        </span>
      </>
    );
  }

  return (
    <Typography
      role="status"
      aria-live="polite"
      variant="body2"
      color="text.secondary"
      data-testid="system-status"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
    >
      {content}
    </Typography>
  );
}
