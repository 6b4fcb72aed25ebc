import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { EditorSkeleton, RecordEditorPage } from '@/components/ui/record-editor-page.tsx';
import { useTrigger } from '../api/get-trigger.ts';
import { BackToAutomations } from './back-to-automations.tsx';
import { TriggerForm } from './trigger-form.tsx';

/** The id in the path of a trigger not yet written. */
export const NEW_TRIGGER_ID = 'new';
const LOAD_FAILED = 'The trigger could not be loaded.';

/**
 * /app/automation/view/{id} and /app/automation/view/new: the trigger editor. Loads the trigger, shows
 * a skeleton meanwhile, and explains a missing one.
 */
export function TriggerEditor({ vendorId, id }: { vendorId: string; id: string }) {
  const isNew = id === NEW_TRIGGER_ID;
  const trigger = useTrigger(vendorId, id, { enabled: !isNew });
  return (
    <RecordEditorPage
      query={trigger}
      isNew={isNew}
      back={<BackToAutomations />}
      skeleton={
        <EditorSkeleton label="Loading the trigger">
          <Stack spacing={2}>
            {[200, 160, 120, 220].map((height) => (
              <Paper key={height} variant="outlined" sx={{ p: 3 }}>
                <Skeleton variant="text" sx={{ width: '25%', mb: 2 }} />
                <Skeleton variant="rounded" height={height} />
              </Paper>
            ))}
          </Stack>
        </EditorSkeleton>
      }
      heading="Automation"
      documentTitle="Automation · Automate"
      loadFailed={LOAD_FAILED}
      missingText="There is no trigger here: it may have been deleted, or the link is wrong."
      newForm={<TriggerForm key={NEW_TRIGGER_ID} vendorId={vendorId} trigger={null} />}
      form={(row) => <TriggerForm key={row.id} vendorId={vendorId} trigger={row} />}
    />
  );
}
