import { Sm8EventDelivery, Sm8ObjectDelivery } from '@automate/contract';
import type { DeliveryNotice } from '../../engine/events/delivery-notice.ts';
import { EVENT_WEBHOOKS, isEventWebhook } from '../../engine/events/derive-events.ts';
import { exceedsDepth, MAX_JSON_DEPTH } from '../../http/input-guards.ts';

/**
 * Reading a ServiceM8 delivery, pure. Which Content-Type ServiceM8 sends, and how an event delivery
 * is laid out, is not documented: a body is read as what it is (JSON, or form fields whose values may
 * be JSON text) and then as any of the layouts `Sm8ObjectDelivery` and `Sm8EventDelivery` describe.
 */

/**
 * The body as a JSON object: JSON text (an object as it is; anything else under `body`), form fields
 * (`a=1&b={…}`: a value that is JSON text is parsed; `a[b]=1` nests), or, when it is neither, the text
 * itself under `text`. Empty is `{}`. NUL characters are dropped (PostgreSQL cannot store them); JSON
 * nested deeper than MAX_JSON_DEPTH is kept as text.
 */
export function decodeBody(raw: string | undefined): Record<string, unknown> {
  const text = (raw ?? '').replace(/^\uFEFF/, '').trim();
  if (text === '') return {};
  const json = parseJson(text);
  if (json !== undefined) return withoutNul(asObject(json)) as Record<string, unknown>;
  if (/^[^=&\s]+=/.test(text)) return withoutNul(parseForm(text)) as Record<string, unknown>;
  return { text: text.replaceAll('\u0000', '') };
}

/** The subscription challenge ServiceM8 sends before it saves a subscription: `mode=subscribe&challenge=…`. */
export function challengeOf(body: Record<string, unknown>): string | undefined {
  return body.mode === 'subscribe' && typeof body.challenge === 'string' ? body.challenge : undefined;
}

/**
 * What a decoded delivery says: an object delivery's object, record uuids and when the newest change
 * happened (`{object, entry}`, also inside an add-on envelope's `eventArgs`), an event's name and the uuid of the record it is about, or
 * `unknown`. The object of an event is named by its prefix (`job.`, `company.`, `form.`), and its
 * record's uuid is `<object>UUID` / `<object>_uuid` or `uuid` in `data`, `eventArgs` or the body, or the
 * last part of a `resource_url`; null when none is there.
 */
export function readDelivery(body: Record<string, unknown>): DeliveryNotice {
  for (const candidate of [body, body.eventArgs, body.data, body.payload]) {
    const object = Sm8ObjectDelivery.safeParse(candidate);
    if (object.success) {
      const uuids = object.data.entry.map((entry) => entry.uuid).filter(isRecordUuid);
      const times = object.data.entry.map((entry) => utcTime(entry.time));
      // The newest change, when every entry says when it happened.
      const changedAt = times.every((time) => time !== null) && times.length > 0 ? new Date(Math.max(...times)) : null;
      return { kind: 'object', object: object.data.object.toLowerCase(), uuids, changedAt };
    }
  }
  const event = Sm8EventDelivery.safeParse(body);
  if (event.success) {
    const { data } = event;
    const name = [data.type, data.event, data.event_type, data.eventName].find(isEventName)?.toLowerCase();
    if (name) return { kind: 'event', event: name, uuid: recordUuidOf(name, [data.data, data.eventArgs, body]) };
  }
  return { kind: 'unknown' };
}

/** An entry's `time`, `YYYY-MM-DD HH:MM:SS` in UTC (ServiceM8's documented form), in milliseconds; null otherwise. */
function utcTime(value: string | undefined): number | null {
  if (!value || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value.replace(' ', 'T')}Z`);
  return Number.isNaN(time) ? null : time;
}

/** The inbox topic of a delivery: the object, the event name, or `unknown`. */
export function topicOf(notice: DeliveryNotice): string {
  if (notice.kind === 'object') return notice.object;
  if (notice.kind === 'event') return notice.event;
  return 'unknown';
}

/** `job.created`, `form.response_created`: a subject, a dot, an action. */
function isEventName(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z]+\.[a-z_]+$/i.test(value);
}

/** A ServiceM8 uuid as it may appear in a URL path: letters, digits and dashes. */
function isRecordUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[\w-]{1,100}$/.test(value);
}

/** The names (lower case, without `_`) a record of each object goes by besides `uuid`. */
const UUID_KEYS: Record<string, string[]> = {
  job: ['jobuuid'],
  company: ['companyuuid', 'clientuuid'],
  formresponse: ['formresponseuuid', 'responseuuid'],
};

/** The object an event is about: the one the engine listens for, or its prefix's. */
function objectOfEvent(name: string): string {
  if (isEventWebhook(name)) return EVENT_WEBHOOKS[name].object;
  const prefix = name.slice(0, name.indexOf('.'));
  return prefix === 'form' ? 'formresponse' : prefix;
}

function recordUuidOf(event: string, containers: unknown[]): string | null {
  const keys = [...(UUID_KEYS[objectOfEvent(event)] ?? []), 'uuid'];
  for (const container of containers) {
    if (!isPlainObject(container)) continue;
    const byKey = new Map(
      Object.entries(container).map(([key, value]) => [key.toLowerCase().replaceAll('_', ''), value]),
    );
    const found = keys.map((key) => byKey.get(key)).find(isRecordUuid);
    if (found) return found;
  }
  for (const container of containers) {
    if (!isPlainObject(container) || typeof container.resource_url !== 'string') continue;
    const last = /\/([\w-]+?)(?:\.json)?(?:[?#].*)?$/.exec(container.resource_url)?.[1];
    if (isRecordUuid(last)) return last;
  }
  return null;
}

function parseJson(text: string): unknown {
  if (exceedsDepth(text, MAX_JSON_DEPTH)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** JSON that is not an object: a string holding JSON is read again (once); anything else goes under `body`. */
function asObject(json: unknown): Record<string, unknown> {
  if (isPlainObject(json)) return json;
  if (typeof json === 'string') {
    const inner = parseJson(json.trim());
    if (isPlainObject(inner)) return inner;
  }
  return { body: json };
}

/** Form fields; `a[b][c]=…` nests; a value that is a JSON object or list is parsed. */
function parseForm(text: string): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const [name, raw] of new URLSearchParams(text)) {
    const value = /^\s*[[{]/.test(raw) ? (parseJson(raw.trim()) ?? raw) : raw;
    const path = name.match(/^[^[\]]+|\[[^[\]]*\]/g)?.map((part) => part.replace(/^\[|\]$/g, '')) ?? [name];
    if (path.length > MAX_JSON_DEPTH) continue;
    let target = form;
    for (const [index, key] of path.entries()) {
      const last = index === path.length - 1;
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') break;
      if (last) {
        target[key] = key in target && !isPlainObject(target[key]) ? [target[key], value].flat() : value;
      } else {
        if (!isPlainObject(target[key])) target[key] = {};
        target = target[key] as Record<string, unknown>;
      }
    }
  }
  return listsFromIndexes(form) as Record<string, unknown>;
}

/** `{0: a, 1: b}` (from `entry[0]=…&entry[1]=…`) is the list `[a, b]`. */
function listsFromIndexes(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, listsFromIndexes(item)] as const);
  const indexed = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return indexed ? entries.map(([, item]) => item) : Object.fromEntries(entries);
}

function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key.replaceAll('\u0000', ''), withoutNul(item)]),
    );
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
