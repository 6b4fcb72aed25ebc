import type { AutomationAction, RunStatus, StepStatus } from '@automate/contract';

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
};

/** Each action in a vendor's words. */
export const ACTION_LABELS: Readonly<Record<AutomationAction, string>> = {
  Job_AddBadge: 'Add a badge to the job',
  Job_RemoveBadge: 'Remove a badge from the job',
  Job_SendEmail: 'Send an email about the job',
  Job_ChangeStatus: 'Change the job status',
  Job_AddToQueue: 'Add the job to a queue',
  Job_AddNote: 'Add a note to the job',
  Job_AddDescription: 'Add to the job description',
  Job_AddWorkDoneDescription: 'Add to the work done description',
  Job_AddService: 'Add a service to the job',
  Job_SendText: 'Send a text message about the job',
  Job_SendAttachment: 'Send an attachment',
  JobClient_SendEmail: 'Email the client',
  JobClient_CreateJob: 'Create a job for the client',
  JobClient_SendText: 'Text the client',
};

export function actionLabel(action: AutomationAction | null): string {
  return action === null ? 'Action' : (ACTION_LABELS[action] ?? action);
}
