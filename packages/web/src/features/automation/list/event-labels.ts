import { TRIGGER_EVENT_LABELS, type TriggerEvent } from '@automate/contract';

export const EVENT_LABELS = TRIGGER_EVENT_LABELS;

export function eventLabel(event: TriggerEvent): string {
  return TRIGGER_EVENT_LABELS[event] ?? event;
}
