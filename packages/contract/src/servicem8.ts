import { z } from 'zod';

/**
 * ServiceM8 records as its API returns them. Parsing is lenient where the
 * API is: unknown fields are kept, flags arrive as 0/1 numbers or strings, decimals as strings.
 */

/** 0/1, "0"/"1" or booleans, read as a boolean. */
const flag = z
  .union([z.number(), z.string(), z.boolean()])
  .transform((value) => value === true || String(value) === '1');
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value)));
const record = <T extends z.ZodRawShape>(shape: T) =>
  z.looseObject({ uuid: z.string().min(1), active: flag.default(true), edit_date: text, ...shape });

export const Sm8Vendor = record({ name: text, email: text, website: text, timezone_name: text });
export type Sm8Vendor = z.infer<typeof Sm8Vendor>;

export const Sm8Staff = record({ first: text, last: text, email: text, job_title: text });
export type Sm8Staff = z.infer<typeof Sm8Staff>;

export const Sm8Badge = record({ name: text });
export const Sm8Queue = record({ name: text, default_timeframe: text });
export const Sm8Category = record({ name: text, colour: text });
export const Sm8Form = record({ name: text });
export const Sm8FormField = record({ form_uuid: text, name: text, field_data_json: text, sort_order: text });
export const Sm8Material = record({ name: text, item_number: text, price: text });
export const Sm8Job = record({
  generated_job_id: text,
  status: text,
  job_address: text,
  job_description: text,
  company_uuid: text,
});
export type Sm8Job = z.infer<typeof Sm8Job>;
export const Sm8Company = record({ name: text, address: text });
export type Sm8Company = z.infer<typeof Sm8Company>;
export const Sm8FormResponse = record({
  form_uuid: text,
  regarding_object: text,
  regarding_object_uuid: text,
  timestamp: text,
});
export type Sm8FormResponse = z.infer<typeof Sm8FormResponse>;

/** A job to pick (to test a trigger on): `GET /api/Vendor/{id}/servicem8/jobs?search=`. */
export const JobChoice = z.object({
  uuid: z.string(),
  number: z.string(),
  status: z.string(),
  address: z.string(),
  clientName: z.string(),
  description: z.string(),
});
export type JobChoice = z.infer<typeof JobChoice>;

/** A client to pick: `GET /api/Vendor/{id}/servicem8/clients?search=`. */
export const ClientChoice = z.object({ uuid: z.string(), name: z.string(), address: z.string() });
export type ClientChoice = z.infer<typeof ClientChoice>;

/** A submitted form to pick: `GET /api/Vendor/{id}/servicem8/form-responses?search=`. */
export const FormResponseChoice = z.object({
  uuid: z.string(),
  formName: z.string(),
  /** What the form was filled in about, e.g. "Job 1042 · Emma Ellis" or a client's name; "" when unknown. */
  regarding: z.string(),
  /** When it was submitted, as ServiceM8 gives it (`YYYY-MM-DD HH:MM:SS` in the account's time zone). */
  submittedAt: z.string(),
});
export type FormResponseChoice = z.infer<typeof FormResponseChoice>;

/** `badges` is a JSON-encoded string of badge uuids; an empty or malformed value reads as none. */
export function parseBadgeList(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export const Sm8TokenResponse = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  refresh_token: z.string().min(1),
  scope: z.string().optional(),
});
export type Sm8TokenResponse = z.infer<typeof Sm8TokenResponse>;

export const Sm8WebhookSubscription = z.looseObject({
  object: z.string().optional(),
  event: z.string().optional(),
  callback_url: z.string().optional(),
  url: z.string().optional(),
  fields: z.union([z.string(), z.array(z.string())]).optional(),
  unique_id: z.string().nullish(),
  status: z.string().optional(),
  last_failure_reason: z.string().nullish(),
  last_failure_at: z.string().nullish(),
});
export type Sm8WebhookSubscription = z.infer<typeof Sm8WebhookSubscription>;

/** A field webhook delivery: only the names of the changed fields, never values. */
export const Sm8ObjectDelivery = z.looseObject({
  object: z.string().min(1),
  entry: z.array(
    z.looseObject({
      uuid: z.string().min(1),
      changed_fields: z.array(z.string()).default([]),
      time: z.string().optional(),
    }),
  ),
  resource_url: z.string().optional(),
});
export type Sm8ObjectDelivery = z.infer<typeof Sm8ObjectDelivery>;

const DeliveryRecord = z.record(z.string(), z.unknown());
const DeliveryTime = z.union([z.string(), z.number()]).optional();

/**
 * An event webhook delivery. ServiceM8 does not document its layout; these are the layouts it may have,
 * each read for the event name and the record it is about:
 * - `{id, type, createdAt, data}`, `data` the record or only `{uuid}`;
 * - `{event, timestamp, data}`;
 * - `{event_type, timestamp, data, metadata: {attempt, signature}}`;
 * - `{eventVersion, eventName, eventArgs}`, the add-on event layout, `eventArgs` naming the record
 *   (`jobUUID`, `companyUUID`, `formResponseUUID`).
 */
export const Sm8EventDelivery = z.union([
  z.looseObject({
    id: z.union([z.string(), z.number()]).optional(),
    type: z.string().min(1),
    createdAt: DeliveryTime,
    data: DeliveryRecord.optional(),
  }),
  z.looseObject({ event: z.string().min(1), timestamp: DeliveryTime, data: DeliveryRecord.optional() }),
  z.looseObject({
    event_type: z.string().min(1),
    timestamp: DeliveryTime,
    data: DeliveryRecord.optional(),
    metadata: DeliveryRecord.optional(),
  }),
  z.looseObject({
    eventVersion: z.union([z.string(), z.number()]).optional(),
    eventName: z.string().min(1),
    eventArgs: DeliveryRecord.optional(),
  }),
]);
export type Sm8EventDelivery = z.infer<typeof Sm8EventDelivery>;
