import { ACTION_WORDS, type RunStatus, type RunStep, type StepStatus, type TriggerRun } from '@automate/contract';
import { formatVendorTime } from '@/lib/vendor-time.ts';

type ChipColour = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/** The colour of a run's status chip (and its bar in charts). */
export const RUN_STATUS_COLOURS: Readonly<Record<RunStatus, ChipColour>> = {
  Scheduled: 'info',
  Running: 'primary',
  Succeeded: 'success',
  Failed: 'error',
  Skipped: 'warning',
  Cancelled: 'default',
};

export const STEP_STATUS_COLOURS: Readonly<Record<StepStatus, ChipColour>> = {
  Started: 'primary',
  Succeeded: 'success',
  Failed: 'error',
  Skipped: 'warning',
  Uncertain: 'secondary',
  Waiting: 'info',
};

/** A step's title: the action as the editor names it, or which check of the conditions it was. */
export function stepTitle(step: Pick<RunStep, 'kind' | 'position' | 'actionType'>): string {
  if (step.kind === 'Conditions')
    return step.position === 0 ? 'Conditions when it happened' : 'Conditions checked again';
  return step.actionType === null ? 'Action' : (ACTION_WORDS[step.actionType]?.label ?? step.actionType);
}

/**
 * What a run waiting to retry says: what went wrong the last time (the server's sentence in people's
 * words), then `Retrying by itself — attempt 3 of 11, next try by Tue, 3 Mar 2026, 10:42:00 am NZDT.` (in
 * the business's time zone) and what to do meanwhile; null for a run that is not retrying.
 */
export function retrySentence(run: Pick<TriggerRun, 'retry'>, timeZone?: string): string | null {
  if (!run.retry) return null;
  const { failedAttempts, attemptsAllowed, nextAttemptBy, lastError } = run.retry;
  const next = formatVendorTime(nextAttemptBy, timeZone);
  const happened = lastError.trim().replace(/\.$/, '');
  return `${happened}. Retrying by itself — attempt ${failedAttempts + 1} of ${attemptsAllowed}, next try by ${next}. Nothing to do meanwhile; if every attempt fails, the run says so and can be retried.`;
}
