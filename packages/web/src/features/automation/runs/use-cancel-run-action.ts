import type { TriggerRun } from '@automate/contract';
import { useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useVendorClock } from '@/lib/vendor-time.ts';
import { useCancelRun } from '../api/cancel-run.ts';

const CANCEL_FAILED = 'The run could not be cancelled.';

type CancellableRun = Pick<TriggerRun, 'id' | 'triggerName' | 'jobNumber' | 'dueAt'>;

/**
 * Cancelling a Scheduled run: asks first, then cancels and says so; a refusal (the run has started)
 * shows the server's sentence. Every view of runs reloads either way.
 */
export function useCancelRunAction(vendorId: string) {
  const confirm = useConfirm();
  const clock = useVendorClock();
  const { toast } = useNotifications();
  const cancel = useCancelRun();
  const [cancelling, setCancelling] = useState<ReadonlySet<string>>(new Set());

  async function cancelRun(run: CancellableRun): Promise<boolean> {
    const job = run.jobNumber ? ` for job ${run.jobNumber}` : '';
    const confirmed = await confirm({
      title: 'Cancel this run?',
      message: `“${run.triggerName}”${job} is due ${clock(run.dueAt)}. If you cancel it, its actions will not happen.`,
      confirmText: 'Cancel run',
      cancelText: 'Keep it',
      destructive: true,
    });
    if (!confirmed) return false;
    setCancelling((current) => new Set(current).add(run.id));
    try {
      const { message } = await cancel.mutateAsync({ vendorId, runId: run.id });
      toast(message ?? 'The run was cancelled.', 'success');
      return true;
    } catch (error) {
      toast(getErrorMessage(error, CANCEL_FAILED), 'error');
      return false;
    } finally {
      setCancelling((current) => {
        const next = new Set(current);
        next.delete(run.id);
        return next;
      });
    }
  }

  return { cancelRun, isCancelling: (runId: string) => cancelling.has(runId) };
}
