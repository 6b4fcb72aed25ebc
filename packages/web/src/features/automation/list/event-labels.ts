import { TRIGGER_EVENT_LABELS, type TriggerEvent } from '@automate/contract';

export function eventLabel(event: TriggerEvent): string {
  return TRIGGER_EVENT_LABELS[event] ?? event;
}
