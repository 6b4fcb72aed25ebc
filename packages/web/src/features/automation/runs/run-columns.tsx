import type { TriggerRun } from '@automate/contract';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { RowCard, SearchTableColumn } from '@/components/ui/search-table.tsx';
import { VendorTime } from '@/components/ui/vendor-time.tsx';
import { eventLabel } from '../list/event-labels.ts';
import { retrySentence } from './run-labels.ts';
import { RunStatusChip } from './run-status-chip.tsx';

/**
 * The columns of a run list: status, job, event, created, due, finished and reason, with `leading`
 * columns (the automation, the vendor) after the status. Times are relative, exact in `timeZone` (the
 * browser's when undefined) on hover; a column sorts only when its field is in `sortable`.
 */
export function runColumns<Run extends TriggerRun>({
  leading = [],
  timeZone,
  sortable,
}: {
  leading?: ReadonlyArray<SearchTableColumn<Run>>;
  timeZone: string | undefined;
  sortable: readonly string[];
}): ReadonlyArray<SearchTableColumn<Run>> {
  const when = (value: string | null) => <VendorTime value={value} timeZone={timeZone} />;
  const column = (key: string, label: string, render: (run: Run) => ReactNode): SearchTableColumn<Run> => ({
    key,
    label,
    ...(sortable.includes(key) ? { sortField: key } : {}),
    render,
  });
  return [
    column('status', 'Status', (run) => <RunStatusChip status={run.status} />),
    ...leading,
    column('jobNumber', 'Job', (run) => run.jobNumber ?? '—'),
    column('event', 'Event', (run) => eventLabel(run.event)),
    column('createdAt', 'Created', (run) => when(run.createdAt)),
    column('dueAt', 'Due', (run) => when(run.dueAt)),
    column('finishedAt', 'Finished', (run) => when(run.finishedAt)),
    {
      key: 'reason',
      label: 'Reason',
      render: (run) => {
        const text = retrySentence(run, timeZone) ?? run.reason ?? '';
        return (
          <Typography
            variant="body2"
            title={text || undefined}
            color={run.retry ? 'warning.main' : undefined}
            sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {text}
          </Typography>
        );
      },
    },
  ];
}

/**
 * A run as a phone's card: its status, `title` (the automation, and the vendor where the list has many),
 * the job and the event, and when it was created (relative, exact in `timeZone` on hover). Its button
 * opens the step log, as clicking a row does.
 */
export function runCard<Run extends TriggerRun>({
  title,
  timeZone,
}: {
  title: (run: Run) => ReactNode;
  timeZone: string | undefined;
}): RowCard<Run> {
  return {
    render: (run) => (
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <RunStatusChip status={run.status} />
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            <VendorTime value={run.createdAt} timeZone={timeZone} />
          </Typography>
        </Stack>
        <Typography variant="body2" component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {title(run)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {run.jobNumber ? `Job ${run.jobNumber}` : 'No job'} · {eventLabel(run.event)}
        </Typography>
      </Stack>
    ),
    openLabel: () => 'Show steps',
  };
}
