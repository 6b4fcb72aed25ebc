import type { TriggerDefinition } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useDryRunTrigger } from '../editor/api/dry-run-trigger.ts';
import { useRecordSearch } from '../editor/api/search-records.ts';
import { DryRunResultView } from '../editor/dry-run-result.tsx';

/**
 * The automation tried at once on the vendor's most recently changed job: whether it would run and what
 * it would send, nothing performed. A job automation only (a client or form one is tried by hand).
 */
export function RecentJobPreview({ vendorId, definition }: { vendorId: string; definition: TriggerDefinition }) {
  const jobs = useRecordSearch(vendorId, 'jobs', '');
  const job = jobs.data?.[0];
  const dryRun = useDryRunTrigger();
  const { mutate } = dryRun;

  useEffect(() => {
    if (job) mutate({ vendorId, triggerId: null, request: { jobUuid: job.uuid, definition } });
  }, [job, vendorId, definition, mutate]);

  if (jobs.isError) {
    return <Alert severity="warning">{getErrorMessage(jobs.error, 'Your recent jobs could not be read.')}</Alert>;
  }
  if (jobs.isSuccess && !job) {
    return <Alert severity="info">You have no recent jobs to try it on yet.</Alert>;
  }
  return (
    <Stack spacing={1} aria-label="On your latest job">
      {job ? (
        <Typography variant="subtitle2" component="h3">
          On your latest job, {job.number}
          {job.clientName ? ` for ${job.clientName}` : ''}:
        </Typography>
      ) : null}
      {dryRun.data ? (
        <DryRunResultView result={dryRun.data} />
      ) : dryRun.isError ? (
        <Alert severity="error">{getErrorMessage(dryRun.error, 'The test could not be run.')}</Alert>
      ) : (
        <Skeleton variant="rounded" height={96} role="status" aria-label="Trying it on your latest job" />
      )}
    </Stack>
  );
}
