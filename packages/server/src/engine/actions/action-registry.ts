import type { TriggerActionType } from '@automate/contract';
import type { ActionEnv, ActionExecutor, ActionPlan, PerformedStep } from './action-executor.ts';
import {
  addBadge,
  addDescription,
  addToQueue,
  addWorkDoneDescription,
  changeStatus,
  removeBadge,
} from './job-field-actions.ts';
import { addNote, addService, createJobForClient } from './job-record-actions.ts';
import { sendAttachment, sendClientEmail, sendClientText, sendJobEmail, sendJobText } from './message-actions.ts';
import { sendToWebAddress } from './web-address-actions.ts';

/** Every action type and the code that performs it, registered explicitly. */
const ACTION_EXECUTORS: { [T in TriggerActionType]: ActionExecutor<T> } = {
  Job_AddBadge: addBadge,
  Job_RemoveBadge: removeBadge,
  Job_SendEmail: sendJobEmail,
  Job_ChangeStatus: changeStatus,
  Job_AddToQueue: addToQueue,
  Job_AddNote: addNote,
  Job_AddDescription: addDescription,
  Job_AddWorkDoneDescription: addWorkDoneDescription,
  Job_AddService: addService,
  Job_SendText: sendJobText,
  Job_SendAttachment: sendAttachment,
  JobClient_SendEmail: sendClientEmail,
  JobClient_CreateJob: createJobForClient,
  JobClient_SendText: sendClientText,
  SendToWebAddress: sendToWebAddress,
};

/** An executor with its params type erased: definitions are parsed by the contract before they run. */
export type AnyActionExecutor = {
  plan(params: unknown, env: ActionEnv): Promise<ActionPlan>;
  perform(input: Record<string, unknown>, env: ActionEnv, resumed: boolean, step: PerformedStep): Promise<string>;
};

export function executorFor(type: TriggerActionType): AnyActionExecutor {
  return ACTION_EXECUTORS[type] as AnyActionExecutor;
}
