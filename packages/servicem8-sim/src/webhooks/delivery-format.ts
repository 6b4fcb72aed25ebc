import { createHmac } from 'node:crypto';
import type { AssumptionChoices } from '../assumptions.ts';
import type { SimRecord } from '../objects/record-store.ts';
import type { EventName } from './webhook-events.ts';

/**
 * How a delivery looks on the wire: the JSON layout of an event delivery (`eventBodyLayout`) and the
 * Content-Type of every delivery (`deliveryContentType`). Both are assumptions (see assumptions.ts).
 */

/** An event delivery before it is shaped into a body. */
export type SimEvent = { id: string; type: EventName; createdAt: string; data: SimRecord | Record<string, unknown> };

type EventBodyLayout = AssumptionChoices['eventBodyLayout'];
type DeliveryContentType = AssumptionChoices['deliveryContentType'];

/**
 * The body of an event delivery in `layout`. `appSecret` signs the `sdk-webhook-event` layout's
 * `metadata.signature` (HMAC-SHA256 of `data` as JSON, hex): what the signature covers is not known.
 */
export function eventBody(layout: EventBodyLayout, event: SimEvent, appSecret: string): Record<string, unknown> {
  switch (layout) {
    case 'type-data':
      return { id: event.id, type: event.type, createdAt: event.createdAt, data: event.data };
    case 'type-uuid':
      return { id: event.id, type: event.type, createdAt: event.createdAt, data: { uuid: event.data.uuid } };
    case 'event-data':
      return { event: event.type, timestamp: event.createdAt, data: event.data };
    case 'sdk-webhook-event':
      return {
        event_type: event.type,
        timestamp: event.createdAt,
        data: event.data,
        metadata: {
          attempt: 1,
          signature: createHmac('sha256', appSecret).update(JSON.stringify(event.data)).digest('hex'),
        },
      };
    case 'addon-envelope':
      return { eventVersion: '1.0', eventName: event.type, eventArgs: addonEventArgs(event) };
  }
}

/**
 * The add-on layout names the records by `<subject>UUID`, as add-on events do (`jobUUID`), never
 * carrying the record: the job an event is about (a job's own uuid, or the job a note, attachment,
 * activity or form response belongs to), the company, the form response, the staff member.
 */
function addonEventArgs(event: SimEvent): Record<string, unknown> {
  const data = event.data;
  const uuid = typeof data.uuid === 'string' ? data.uuid : '';
  const subject = event.type.slice(0, event.type.indexOf('.'));
  if (subject === 'job') return { jobUUID: jobUuidOf(data) ?? uuid };
  if (subject === 'company') return { companyUUID: uuid };
  if (subject === 'form') {
    const job = jobUuidOf(data);
    return { formResponseUUID: uuid, ...(job ? { jobUUID: job } : {}) };
  }
  if (subject === 'staff') return { staffUUID: typeof data.staff_uuid === 'string' ? data.staff_uuid : uuid };
  return { [`${subject}UUID`]: uuid };
}

/** The job a record belongs to: `job_uuid`, or the uuid of the job it is related to or regards. */
function jobUuidOf(data: Record<string, unknown>): string | undefined {
  if (typeof data.job_uuid === 'string' && data.job_uuid) return data.job_uuid;
  for (const [object, objectUuid] of [
    ['related_object', 'related_object_uuid'],
    ['regarding_object', 'regarding_object_uuid'],
  ] as const) {
    const value = data[objectUuid];
    if (String(data[object]).toLowerCase() === 'job' && typeof value === 'string' && value) return value;
  }
  return undefined;
}

/** What `fetch` sends for a delivery body under `contentType`. */
export type EncodedBody = { headers: Record<string, string>; body: string | Uint8Array<ArrayBuffer> };

/**
 * The body as JSON text (`json`, `text`, `none`), or form-encoded with one field per top-level key,
 * objects and lists as JSON text (`form`). `none` is sent as bytes, so `fetch` adds no Content-Type.
 */
export function encodeBody(contentType: DeliveryContentType, body: Record<string, unknown>): EncodedBody {
  const json = JSON.stringify(body);
  switch (contentType) {
    case 'json':
      return { headers: { 'content-type': 'application/json' }, body: json };
    case 'text':
      return { headers: { 'content-type': 'text/plain' }, body: json };
    case 'none':
      return { headers: {}, body: new TextEncoder().encode(json) };
    case 'form': {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(body)) {
        if (value === undefined) continue;
        form.append(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? ''));
      }
      return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() };
    }
  }
}
