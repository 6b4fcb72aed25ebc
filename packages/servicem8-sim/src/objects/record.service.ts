import { restError } from '../http/sm8-error.ts';
import { EMPTY_DATETIME, formatDateTimeIn } from '../time/account-time.ts';
import type { Clock } from '../time/sim-clock.ts';
import type { ChangeFeed, RecordChange } from './change-feed.ts';
import { normaliseInput } from './field-input.ts';
import { applyJobRules } from './job-rules.ts';
import { type ObjectName, type ObjectType, objectType } from './object-types.ts';
import type { RecordStore, SimRecord } from './record-store.ts';

/** What record writes need. */
export type RecordDeps = { store: RecordStore; feed: ChangeFeed; clock: Clock };

/** Who writes: the staff member the call acts as, and the app (undefined for the web page). */
export type Actor = { staffUuid: string; appId?: string | undefined };

export type WriteResult = { record: SimRecord; warnings: string[] };

/** The account's IANA time zone (`vendor.timezone_name`), UTC if unset. */
export function accountTimeZone(store: RecordStore): string {
  const zone = store.list('vendor')[0]?.timezone_name;
  return typeof zone === 'string' && zone !== '' ? zone : 'UTC';
}

/** Now as an account-local `YYYY-MM-DD HH:MM:SS` (the format of `edit_date`). */
export function accountNow(deps: Pick<RecordDeps, 'store' | 'clock'>): string {
  return formatDateTimeIn(deps.clock.now(), accountTimeZone(deps.store));
}

/** A full record of `type` from `fields`, every other field at its default. */
export function buildRecord(type: ObjectType, fields: Record<string, unknown>, editDate: string): SimRecord {
  return {
    uuid: String(fields.uuid ?? crypto.randomUUID()).toLowerCase(),
    active: 1,
    ...type.fields,
    ...fields,
    edit_date: editDate,
  } as SimRecord;
}

function changedFieldsOf(type: ObjectType, before: SimRecord | undefined, after: SimRecord): string[] {
  const names = ['active', ...Object.keys(type.fields)];
  if (!before) return ['uuid', ...names.filter((name) => after[name] !== (name === 'active' ? 1 : type.fields[name]))];
  return names.filter((name) => before[name] !== after[name]);
}

function publish(deps: RecordDeps, change: Omit<RecordChange, 'at'>): void {
  if (change.changedFields.length > 0) deps.feed.publish({ ...change, at: deps.clock.now() });
}

/** POST /{object}.json: validates, applies defaults and side effects, stores, announces. */
export function createRecord(
  deps: RecordDeps,
  type: ObjectType,
  input: Record<string, unknown>,
  actor: Actor,
): WriteResult {
  const { values, warnings } = normaliseInput(type, input, 'create');
  for (const field of type.required) {
    if (values[field] === undefined || values[field] === '') throw restError(400, `${field} is required`);
  }
  if (typeof values.uuid === 'string' && deps.store.get(type.name as ObjectName, values.uuid)) {
    throw restError(400, `A ${type.name} with uuid ${values.uuid} already exists`);
  }
  const now = accountNow(deps);
  const record = buildRecord(type, values, now);
  if ('edit_by_staff_uuid' in type.fields) record.edit_by_staff_uuid = actor.staffUuid;
  applyTypeRules(deps, type, undefined, record, actor, now);
  deps.store.put(type.name as ObjectName, record);
  publish(deps, {
    object: type.name as ObjectName,
    kind: 'create',
    before: undefined,
    after: structuredClone(record),
    changedFields: changedFieldsOf(type, undefined, record),
    origin: actor.appId ? { appId: actor.appId } : undefined,
  });
  applyRelatedEffects(deps, type, record, actor);
  return { record, warnings };
}

/** POST /{object}/{uuid}.json: a sparse merge (only the fields sent change). */
export function updateRecord(
  deps: RecordDeps,
  type: ObjectType,
  uuid: string,
  input: Record<string, unknown>,
  actor: Actor,
): WriteResult {
  const current = findRecordOrThrow(deps.store, type, uuid);
  const { values, warnings } = normaliseInput(type, input, 'update');
  for (const field of type.required) {
    if (values[field] === '') throw restError(400, `${field} is required`);
  }
  if (
    type.name === 'jobcontact' &&
    values.job_uuid !== undefined &&
    current.job_uuid !== '' &&
    values.job_uuid !== current.job_uuid
  ) {
    throw restError(400, 'job_uuid cannot be changed once set');
  }
  return writeMerged(deps, type, current, values, actor, warnings);
}

/** DELETE /{object}/{uuid}.json: a soft delete (`active` = 0); the record stays readable. */
export function deleteRecord(deps: RecordDeps, type: ObjectType, uuid: string, actor: Actor): WriteResult {
  const current = findRecordOrThrow(deps.store, type, uuid);
  return writeMerged(deps, type, current, { active: 0 }, actor, []);
}

function writeMerged(
  deps: RecordDeps,
  type: ObjectType,
  current: SimRecord,
  values: Record<string, string | number>,
  actor: Actor,
  warnings: string[],
): WriteResult {
  const before = structuredClone(current);
  const now = accountNow(deps);
  const next: SimRecord = { ...current, ...values, uuid: current.uuid, edit_date: now };
  if ('edit_by_staff_uuid' in type.fields) next.edit_by_staff_uuid = actor.staffUuid;
  applyTypeRules(deps, type, before, next, actor, now);
  deps.store.put(type.name as ObjectName, next);
  publish(deps, {
    object: type.name as ObjectName,
    kind: values.active === 0 && before.active !== 0 ? 'delete' : 'update',
    before,
    after: structuredClone(next),
    changedFields: changedFieldsOf(type, before, next).filter((name) => name !== 'edit_by_staff_uuid'),
    origin: actor.appId ? { appId: actor.appId } : undefined,
  });
  applyRelatedEffects(deps, type, next, actor);
  return { record: next, warnings };
}

export function findRecordOrThrow(store: RecordStore, type: ObjectType, uuid: string): SimRecord {
  const record = store.get(type.name as ObjectName, uuid);
  if (!record) throw restError(404, `Resource not found: no ${type.name} with uuid ${uuid}`);
  return record;
}

function applyTypeRules(
  deps: RecordDeps,
  type: ObjectType,
  before: SimRecord | undefined,
  next: SimRecord,
  actor: Actor,
  now: string,
): void {
  if (type.name === 'job') {
    applyJobRules(before, next, { now, actorStaffUuid: actor.staffUuid, takeJobNumber: deps.store.takeJobNumber });
  }
  if (!before && type.name === 'note' && next.create_date === objectType('note').fields.create_date) {
    next.create_date = now;
  }
  if (!before && (type.name === 'attachment' || type.name === 'jobpayment' || type.name === 'formresponse')) {
    if (next.timestamp === type.fields.timestamp) next.timestamp = now;
  }
  if (!before && type.name === 'attachment' && next.created_by_staff_uuid === '') {
    next.created_by_staff_uuid = actor.staffUuid;
  }
  if (!before && type.name === 'jobpayment') {
    if (next.actioned_by_uuid === '') next.actioned_by_uuid = actor.staffUuid;
    const job = deps.store.get('job', String(next.job_uuid));
    next.is_deposit = job && job.status !== 'Completed' && Number(job.invoice_sent) !== 1 ? 1 : 0;
  }
}

/** Keeps derived job fields true after a related write (totals, schedule end, paid in full). */
function applyRelatedEffects(deps: RecordDeps, type: ObjectType, record: SimRecord, actor: Actor): void {
  const jobUuid = typeof record.job_uuid === 'string' ? record.job_uuid : '';
  const job = jobUuid ? deps.store.get('job', jobUuid) : undefined;
  if (!job) return;
  if (type.name === 'jobmaterial') {
    job.total_invoice_amount = computeJobTotal(deps.store, jobUuid);
  }
  if (type.name === 'jobactivity') {
    job.job_is_scheduled_until_stamp = computeScheduledUntil(deps.store, jobUuid);
  }
  if (type.name === 'jobpayment' && Number(job.payment_received) !== 1) {
    const total = Number(job.total_invoice_amount);
    const paid = deps.store
      .list('jobpayment')
      .filter((payment) => payment.job_uuid === jobUuid && payment.active === 1)
      .reduce((sum, payment) => sum + Number(payment.amount), 0);
    if (total > 0 && paid + 0.005 >= total) {
      updateRecord(deps, objectType('job'), jobUuid, { payment_received: 1 }, actor);
    }
  }
}

/** Tax added to ex-tax line prices; TaxRate objects are not simulated (the demo account is Australian: 10% GST). */
const TAX_FACTOR = 1.1;

/** The job's invoice total: its active line items, `quantity` × `price` plus tax, as a decimal string. */
export function computeJobTotal(store: RecordStore, jobUuid: string): string {
  const total = store
    .list('jobmaterial')
    .filter((line) => line.job_uuid === jobUuid && line.active === 1)
    .reduce((sum, line) => sum + Number(line.quantity) * Number(line.price) * TAX_FACTOR, 0);
  return total.toFixed(2);
}

/** The end of the job's last scheduled activity (`job_is_scheduled_until_stamp`), or the empty datetime. */
export function computeScheduledUntil(store: RecordStore, jobUuid: string): string {
  const ends = store
    .list('jobactivity')
    .filter(
      (activity) =>
        activity.job_uuid === jobUuid && activity.active === 1 && Number(activity.activity_was_scheduled) === 1,
    )
    .map((activity) => String(activity.end_date))
    .sort();
  return ends.at(-1) ?? EMPTY_DATETIME;
}
