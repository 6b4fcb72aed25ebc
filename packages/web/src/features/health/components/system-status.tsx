import type { Health } from '@automate/contract';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { DataProvider } from '@/lib/data-provider.tsx';
import { useHealth } from '../api/get-health.ts';
import { CheckingSystemStatus, SystemStatusLine } from './system-status-line.tsx';

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

function HealthLine() {
  const health = useHealth();
  if (health.isPending) return <CheckingSystemStatus />;

  let content: ReactNode;
  if (health.isError) {
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
  return <SystemStatusLine>{content}</SystemStatusLine>;
}

/**
 * One line telling visitors whether the service is up, fed by `GET /api/health`. The public pages load it
 * after they show (`CheckingSystemStatus` stands in meanwhile), with the query library it needs.
 */
export function SystemStatus() {
  return (
    <DataProvider>
      <HealthLine />
    </DataProvider>
  );
}
