import { PREVIEW_DAYS, type PreviewRequest, type TriggerDefinition } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { useVendorClock } from '@/lib/vendor-time.ts';
import { usePreviewTrigger } from './api/preview-trigger.ts';
import { EditorSection } from './definition-sections.tsx';
import { PreviewResultView } from './preview-result.tsx';

const TITLE = `Preview on the last ${PREVIEW_DAYS} days`;
const PREVIEW_FAILED = 'The preview could not be made.';

/**
 * "Preview on the last 30 days": the trigger as it is being edited (saved or not) replayed over the
 * changes kept for the business, showing the runs it would have started and the changes it would have
 * skipped. Only stored changes are read: nothing is sent and ServiceM8 is not asked.
 */
export function PreviewPanel({
  vendorId,
  triggerId,
  getDefinition,
}: {
  vendorId: string;
  /** The saved trigger being edited, so changes its own runs wrote are skipped; null for a new one. */
  triggerId: string | null;
  /** The definition being edited, or null when it has problems (then shown in the form). */
  getDefinition: () => TriggerDefinition | null;
}) {
  const clock = useVendorClock(vendorId);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreviewTrigger();

  const start = () => {
    const definition = getDefinition();
    if (!definition) {
      setProblem('The trigger has problems (marked in the form): fix them, then preview again.');
      preview.reset();
      return;
    }
    setProblem(null);
    const request: PreviewRequest = triggerId ? { definition, triggerId } : { definition };
    preview.mutate({ vendorId, request });
  };

  return (
    <EditorSection
      title={TITLE}
      subtitle={`What the trigger as it is now, unsaved changes included, would have done with the changes of the last ${PREVIEW_DAYS} days. Nothing is sent and ServiceM8 is not asked.`}
    >
      <Stack spacing={2} aria-busy={preview.isPending}>
        <div>
          <PendingButton
            variant="outlined"
            pending={preview.isPending}
            pendingText={`Replaying the last ${PREVIEW_DAYS} days…`}
            onClick={start}
          >
            {TITLE}
          </PendingButton>
        </div>
        {problem ? <Alert severity="warning">{problem}</Alert> : null}
        <ErrorAlert error={preview.error} fallback={PREVIEW_FAILED} />
        {preview.data && !problem ? <PreviewResultView result={preview.data} clock={clock} /> : null}
      </Stack>
    </EditorSection>
  );
}
