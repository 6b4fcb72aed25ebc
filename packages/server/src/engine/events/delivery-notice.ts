/**
 * What a ServiceM8 delivery says, whatever its layout: the records of an object delivery, the record
 * an event is about, or nothing we can read. The webhooks module reads it from the body; the
 * automation module observes what it names.
 */
export type DeliveryNotice =
  /** `changedAt`: when the newest change happened by ServiceM8's clock, when the delivery says (`time`). */
  | { kind: 'object'; object: string; uuids: string[]; changedAt?: Date | null }
  | { kind: 'event'; event: string; uuid: string | null }
  | { kind: 'unknown' };
