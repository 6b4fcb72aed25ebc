import { parseBadgeList } from '@automate/contract';

/**
 * What conditions are evaluated against: the records of one event as read from ServiceM8
 * (field names as the ServiceM8 REST API returns them), with the JSON-string fields already parsed.
 * Everything is optional and lenient: ServiceM8 sends flags as 0/1 numbers or strings, empty
 * datetimes as `0000-00-00 00:00:00`, and a trigger about a client has no job.
 */

/** A ServiceM8 flag as it may arrive: 0/1, "0"/"1" or a boolean. */
export type Sm8Flag = boolean | number | string | null | undefined;

/** `job.json`, the fields conditions read; `badges` parsed to a list of badge uuids. */
export type JobFacts = {
  uuid?: string | null;
  generated_job_id?: string | null;
  status?: string | null;
  category_uuid?: string | null;
  queue_uuid?: string | null;
  badges?: readonly string[] | null;
  quote_date?: string | null;
  quote_sent?: Sm8Flag;
  quote_sent_stamp?: string | null;
  invoice_sent?: Sm8Flag;
  invoice_sent_stamp?: string | null;
  payment_received?: Sm8Flag;
  payment_received_stamp?: string | null;
  job_is_scheduled_until_stamp?: string | null;
};

/** `company.json`: the client, `badges` parsed. */
export type ClientFacts = {
  uuid?: string | null;
  name?: string | null;
  badges?: readonly string[] | null;
};

/**
 * One answer of a form response's `field_data` (a JSON array whose element shape ServiceM8 does not
 * document; the simulator sends `{ field_uuid, name, value }`). A multiple-choice value may be a list.
 */
export type FormAnswer = {
  field_uuid?: string | null;
  name?: string | null;
  value?: string | number | boolean | readonly string[] | null;
};

/** `formresponse.json` with `field_data` parsed into `fields`. */
export type FormResponseFacts = {
  uuid?: string | null;
  form_uuid?: string | null;
  regarding_object?: string | null;
  regarding_object_uuid?: string | null;
  fields?: readonly FormAnswer[] | null;
  /** True when `field_data` was there but could not be read in any known layout. */
  fieldsUnreadable?: boolean | null;
};

/** The job's payments (`jobpayment.json`), summed. */
type PaymentFacts = { count: number; total: number };

/** Optional names for uuids, so run-log reasons can say "Warranty" instead of a uuid. */
export type NameLookup = {
  badges?: Readonly<Record<string, string>>;
  queues?: Readonly<Record<string, string>>;
  categories?: Readonly<Record<string, string>>;
  forms?: Readonly<Record<string, string>>;
  /** Form field uuid → field name; also lets an answer without `field_uuid` be found by its name. */
  formFields?: Readonly<Record<string, string>>;
};

export type EvaluationContext = {
  job?: JobFacts | null;
  client?: ClientFacts | null;
  formResponse?: FormResponseFacts | null;
  /** The record the event is about was just created (JobIsCreated, ClientIsCreated). */
  isCreated?: boolean | null;
  payments?: PaymentFacts | null;
  names?: NameLookup | null;
};

/** Raw records as ServiceM8 returns them (badges and field_data still JSON strings). */
export type RawEvaluationRecords = {
  job?: Record<string, unknown> | null;
  client?: Record<string, unknown> | null;
  formResponse?: Record<string, unknown> | null;
  payments?: ReadonlyArray<Record<string, unknown>> | null;
  isCreated?: boolean | null;
  names?: NameLookup | null;
};

/** Builds a context from raw ServiceM8 records, parsing `badges`, `field_data` and payment amounts. */
export function buildEvaluationContext(raw: RawEvaluationRecords): EvaluationContext {
  const { job, client, formResponse, payments } = raw;
  return {
    job: job ? { ...pickStrings(job), ...pickFlags(job), badges: readBadges(job.badges) } : null,
    client: client ? { uuid: text(client.uuid), name: text(client.name), badges: readBadges(client.badges) } : null,
    formResponse: formResponse
      ? {
          uuid: text(formResponse.uuid),
          form_uuid: text(formResponse.form_uuid),
          regarding_object: text(formResponse.regarding_object),
          regarding_object_uuid: text(formResponse.regarding_object_uuid),
          ...readFields(formResponse.field_data),
        }
      : null,
    payments: payments ? sumPayments(payments) : null,
    isCreated: raw.isCreated ?? null,
    names: raw.names ?? null,
  };
}

const ENTRY_UUID_KEYS = ['field_uuid', 'fieldUUID', 'field_id', 'uuid'] as const;
const ENTRY_NAME_KEYS = ['name', 'field_name', 'label', 'question'] as const;
const ENTRY_VALUE_KEYS = ['value', 'answer', 'response', 'values'] as const;
const ENTRY_KEYS: ReadonlySet<string> = new Set([...ENTRY_UUID_KEYS, ...ENTRY_NAME_KEYS, ...ENTRY_VALUE_KEYS]);
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function firstOf(record: Record<string, unknown>, keys: readonly string[]): unknown {
  const key = keys.find((candidate) => record[candidate] !== undefined && record[candidate] !== null);
  return key === undefined ? undefined : record[key];
}

/** One answer written as an object: `{"field_uuid","name","value"}` or any of the other names for them. */
function entryOf(record: Record<string, unknown>, key?: string): FormAnswer {
  const keyIsUuid = key !== undefined && UUID_SHAPE.test(key);
  return {
    field_uuid: text(firstOf(record, ENTRY_UUID_KEYS)) ?? (keyIsUuid ? key : null),
    name: text(firstOf(record, ENTRY_NAME_KEYS)) ?? (key !== undefined && !keyIsUuid ? key : null),
    value: answerValue(firstOf(record, ENTRY_VALUE_KEYS)),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `field_data` of a form response, whose layout ServiceM8 does not document: JSON text or an already
 * parsed value; an array of answers, or an object keyed by field uuid or by field name (each value the
 * answer, or an object with it). Nothing ('' or none) is no answers; `null` means it could not be read.
 */
export function parseFormFieldData(value: unknown): FormAnswer[] | null {
  if (value === undefined || value === null || value === '') return [];
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (Array.isArray(parsed)) return parsed.flatMap((entry): FormAnswer[] => (isObject(entry) ? [entryOf(entry)] : []));
  if (!isObject(parsed)) return null;
  const keys = Object.keys(parsed);
  if (keys.length > 0 && keys.every((key) => ENTRY_KEYS.has(key))) return [entryOf(parsed)];
  return keys.map((key) => {
    const answer = parsed[key];
    return isObject(answer) ? entryOf(answer, key) : entryOf({ value: answer }, key);
  });
}

function readFields(value: unknown): Pick<FormResponseFacts, 'fields' | 'fieldsUnreadable'> {
  const fields = parseFormFieldData(value);
  return { fields: fields ?? [], fieldsUnreadable: fields === null };
}

const JOB_TEXT_FIELDS = [
  'uuid',
  'generated_job_id',
  'status',
  'category_uuid',
  'queue_uuid',
  'quote_date',
  'quote_sent_stamp',
  'invoice_sent_stamp',
  'payment_received_stamp',
  'job_is_scheduled_until_stamp',
] as const;
const JOB_FLAG_FIELDS = ['quote_sent', 'invoice_sent', 'payment_received'] as const;

function pickStrings(job: Record<string, unknown>): JobFacts {
  return Object.fromEntries(JOB_TEXT_FIELDS.map((field) => [field, text(job[field])]));
}

function pickFlags(job: Record<string, unknown>): JobFacts {
  return Object.fromEntries(JOB_FLAG_FIELDS.map((field) => [field, flag(job[field])]));
}

export function readBadges(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? parseBadgeList(value) : [];
}

function sumPayments(payments: ReadonlyArray<Record<string, unknown>>): PaymentFacts {
  const amounts = payments.map((payment) => Number(payment.amount)).filter((amount) => Number.isFinite(amount));
  return { count: payments.length, total: amounts.reduce((sum, amount) => sum + amount, 0) };
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function flag(value: unknown): Sm8Flag {
  return typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string' ? value : null;
}

function answerValue(value: unknown): FormAnswer['value'] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}
