import type { RunStatus } from '@automate/contract';
import Chip from '@mui/material/Chip';
import { RUN_STATUS_COLOURS } from './run-labels.ts';

export function RunStatusChip({ status }: { status: RunStatus }) {
  return (
    <Chip
      size="small"
      label={status}
      color={RUN_STATUS_COLOURS[status]}
      variant={status === 'Scheduled' || status === 'Running' ? 'outlined' : 'filled'}
      data-testid="run-status"
    />
  );
}
