import type { TriggerRun } from '@automate/contract';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { SearchTableColumn } from '@/components/ui/search-table.tsx';
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
