import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useVendorTimeZone } from '@/lib/vendor-time.ts';
import { type ActivityFilters, useActivity } from '../api/list-activity.ts';
import { RunDrawer } from '../runs/run-drawer.tsx';
import { ActivityEntryCard } from './activity-entry.tsx';

/**
 * The observed changes matching `filters`, newest first, a page at a time ("Load more"), each with its
 * events and what every listening automation did; a run opens in the run panel. Automation › Activity
 * shows it for the business, a job's run list for that job.
 */
export function ActivityTimeline({
  vendorId,
  filters,
  emptyText = 'No changes yet. Each change ServiceM8 reports appears here, with what your automations did about it.',
}: {
  vendorId: string;
  filters: ActivityFilters;
  emptyText?: string;
}) {
  const activity = useActivity(vendorId, filters);
  const timeZone = useVendorTimeZone(vendorId);
  const [openRun, setOpenRun] = useState<string | null>(null);
  const entries = activity.data?.pages.flatMap((page) => page.items) ?? [];

  let body: React.ReactNode;
  if (activity.isPending) {
    body = (
      <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading the activity">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={96} />
        ))}
      </Stack>
    );
  } else if (activity.isError) {
    body = <Alert severity="error">{getErrorMessage(activity.error, 'The activity could not be loaded.')}</Alert>;
  } else if (entries.length === 0) {
    body = <Typography color="text.secondary">{emptyText}</Typography>;
  } else {
    body = (
      <Stack spacing={1.5}>
        {entries.map((entry) => (
          <ActivityEntryCard key={entry.id} entry={entry} timeZone={timeZone} onOpenRun={setOpenRun} />
        ))}
        {activity.hasNextPage ? (
          <Button
            variant="outlined"
            onClick={() => void activity.fetchNextPage()}
            loading={activity.isFetchingNextPage}
            sx={{ alignSelf: 'center' }}
          >
            Load more
          </Button>
        ) : null}
      </Stack>
    );
  }
  return (
    <>
      {body}
      <RunDrawer vendorId={vendorId} runId={openRun} onClose={() => setOpenRun(null)} />
    </>
  );
}
