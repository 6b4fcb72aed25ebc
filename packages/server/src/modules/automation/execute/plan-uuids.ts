import { createHash } from 'node:crypto';

/**
 * The uuids an action's plan gives the records it creates, derived from the run's trigger and event
 * (a trigger has one run per event), the action and how many steps the action had before: planned
 * again from the same step log, an action gets the same uuids, so a record it created can be found in
 * ServiceM8 even when the step that named it is gone (a database restored from a backup taken before
 * the action was done, where the run may even be made again for the same event). A retry by a person,
 * which adds a step, plans new records.
 */
export function planUuids(
  run: { triggerId: string; eventId: string },
  actionId: string,
  earlierSteps: number,
): () => string {
  let next = 0;
  return () => {
    const hex = createHash('sha256')
      .update(`${run.triggerId}/${run.eventId}/${actionId}/${earlierSteps}/${next++}`)
      .digest('hex');
    const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
}
