import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useTrigger } from '../api/get-trigger.ts';
import { BackToAutomations } from './back-to-automations.tsx';
import { TriggerForm } from './trigger-form.tsx';

const NEW_TRIGGER_ID = 'new';
const LOAD_FAILED = 'The trigger could not be loaded.';

function EditorSkeleton() {
  return (
    <Box role="progressbar" aria-label="Loading the trigger">
      <Skeleton variant="text" sx={{ fontSize: '2.125rem', width: '40%', mb: 3 }} />
      <Stack spacing={2}>
        {[200, 160, 120, 220].map((height) => (
          <Paper key={height} variant="outlined" sx={{ p: 3 }}>
            <Skeleton variant="text" sx={{ width: '25%', mb: 2 }} />
            <Skeleton variant="rounded" height={height} />
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * /app/automation/view/{id} and /app/automation/view/new: the trigger editor. Loads the trigger, shows
 * a skeleton meanwhile, and explains a missing one.
 */
export function TriggerEditor({ vendorId, id }: { vendorId: string; id: string }) {
  const isNew = id === NEW_TRIGGER_ID;
  const trigger = useTrigger(vendorId, id, { enabled: !isNew });
  // A missing one is explained on the page; other failures also raise a toast with the server's sentence.
  const missing = isApiError(trigger.error) && (trigger.error.status === 404 || trigger.error.status === 400);
  useErrorToast(missing ? null : trigger.error, LOAD_FAILED);

  if (isNew) return <TriggerForm key={NEW_TRIGGER_ID} vendorId={vendorId} trigger={null} />;
  if (trigger.isPending) {
    return (
      <>
        <BackToAutomations />
        <EditorSkeleton />
      </>
    );
  }
  if (trigger.isError) {
    return (
      <>
        <title>Automation · Automate</title>
        <BackToAutomations />
        <PageHeader title="Automation" />
        <LoadError
          error={trigger.error}
          fallback={LOAD_FAILED}
          onRetry={() => trigger.refetch()}
          missingText={
            missing ? 'There is no trigger here: it may have been deleted, or the link is wrong.' : undefined
          }
        />
      </>
    );
  }
  return <TriggerForm key={trigger.data.id} vendorId={vendorId} trigger={trigger.data} />;
}
