import { z } from 'zod';
import type { Sm8Client } from './sm8-client.ts';
import { Sm8Error } from './sm8-http.ts';

/**
 * A read-only look at a live ServiceM8 account: each check reads what Automate relies on and says
 * whether the account answers as Automate expects. It never writes, subscribes or sends.
 */

type LiveCheckVerdict = 'matches' | 'differs' | 'not seen';
export type LiveCheckRow = { check: string; expected: string; found: string; verdict: LiveCheckVerdict };

const AnyRecord = z.record(z.string(), z.unknown());
type AnyRecord = z.infer<typeof AnyRecord>;

const SERVICEM8_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function has(record: AnyRecord | undefined, fields: readonly string[]): string[] {
  return fields.filter((field) => record?.[field] === undefined);
}

function fieldsRow(check: string, record: AnyRecord | undefined, fields: readonly string[]): LiveCheckRow {
  const expected = `fields ${fields.join(', ')}`;
  if (!record) return { check, expected, found: 'no record to look at', verdict: 'not seen' };
  const missing = has(record, fields);
  return missing.length === 0
    ? { check, expected, found: 'all present', verdict: 'matches' }
    : { check, expected, found: `missing ${missing.join(', ')}`, verdict: 'differs' };
}

/** Which reading of `formresponse.field_data` a value fits (the simulator's `formFieldDataLayout` names). */
export function fieldDataLayoutOf(value: unknown): string {
  let parsed = value;
  const isText = typeof value === 'string';
  if (isText) {
    try {
      parsed = JSON.parse(value);
    } catch {
      return 'text that is not JSON';
    }
  }
  if (Array.isArray(parsed)) {
    const first = parsed.find((entry) => entry && typeof entry === 'object') as AnyRecord | undefined;
    if (!first) return parsed.length === 0 ? 'an empty list' : 'a list of plain values';
    if (!isText) return 'parsed-array';
    return 'field_uuid' in first ? 'array-by-uuid' : 'name' in first ? 'array-by-name' : 'a list of unknown entries';
  }
  if (parsed && typeof parsed === 'object') {
    return Object.keys(parsed).every((key) => UUID.test(key)) ? 'object-by-uuid' : 'an object of unknown keys';
  }
  return `a ${typeof parsed}`;
}

async function attempt<T>(read: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: error instanceof Sm8Error ? `HTTP ${error.status}: ${message}` : message };
  }
}

function failedRow(check: string, expected: string, error: string): LiveCheckRow {
  return { check, expected, found: error, verdict: 'differs' };
}

/** Reads only recent records where an account may hold many (a page is up to 5,000 records). */
export async function runLiveCheck(client: Sm8Client, now: Date): Promise<LiveCheckRow[]> {
  const rows: LiveCheckRow[] = [];
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
  const recent = `active eq 1 and edit_date gt '${monthAgo}'`;

  const vendor = await attempt(() => client.list('vendor', AnyRecord));
  if (!vendor.ok) rows.push(failedRow('the account (vendor.json)', 'one record with a uuid', vendor.error));
  else {
    const [account] = vendor.value;
    rows.push(
      account && typeof account.uuid === 'string'
        ? {
            check: 'the account (vendor.json)',
            expected: 'one record with a uuid',
            found: `${account.name ?? ''} (${account.uuid})`,
            verdict: 'matches',
          }
        : {
            check: 'the account (vendor.json)',
            expected: 'one record with a uuid',
            found: `${vendor.value.length} records`,
            verdict: 'differs',
          },
    );
    rows.push(fieldsRow('the account: fields Automate reads', account, ['name', 'timezone_name']));
  }

  const staff = await attempt(() => client.list('staff', AnyRecord, { filter: 'active eq 1' }));
  if (!staff.ok) rows.push(failedRow('staff (staff.json)', 'a list', staff.error));
  else rows.push(fieldsRow(`staff: ${staff.value.length} active`, staff.value[0], ['uuid', 'first', 'last', 'email']));

  const companies = await attempt(() => client.list('company', AnyRecord, { filter: recent }));
  if (!companies.ok) rows.push(failedRow('clients (company.json)', 'a list', companies.error));
  else
    rows.push(fieldsRow(`clients: ${companies.value.length} changed in 30 days`, companies.value[0], ['uuid', 'name']));

  const jobs = await attempt(() => client.list('job', AnyRecord, { filter: recent }));
  if (!jobs.ok) rows.push(failedRow('jobs (job.json)', 'a list', jobs.error));
  else {
    const job = jobs.value[0];
    rows.push(
      fieldsRow(`jobs: ${jobs.value.length} changed in 30 days`, job, [
        'uuid',
        'status',
        'generated_job_id',
        'company_uuid',
        'badges',
        'edit_date',
      ]),
    );
    if (job) {
      rows.push({
        check: 'a job: edit_date',
        expected: 'YYYY-MM-DD HH:MM:SS',
        found: String(job.edit_date),
        verdict: SERVICEM8_DATE_TIME.test(String(job.edit_date)) ? 'matches' : 'differs',
      });
      const badges = String(job.badges ?? '');
      let badgeList: unknown;
      try {
        badgeList = JSON.parse(badges || '[]');
      } catch {
        badgeList = undefined;
      }
      rows.push({
        check: 'a job: badges',
        expected: 'a JSON string of badge uuids',
        found: badges || '(empty)',
        verdict: Array.isArray(badgeList) ? 'matches' : 'differs',
      });
      const single = await attempt(() => client.get('job', String(job.uuid), AnyRecord));
      rows.push(
        !single.ok
          ? failedRow('one job by its uuid (job/{uuid}.json)', 'the same record', single.error)
          : {
              check: 'one job by its uuid (job/{uuid}.json)',
              expected: 'the same record',
              found: single.value?.uuid === job.uuid ? 'the same record' : 'another answer',
              verdict: single.value?.uuid === job.uuid ? 'matches' : 'differs',
            },
      );
    }
  }

  const responses = await attempt(() => client.list('formresponse', AnyRecord, { filter: recent }));
  if (!responses.ok) rows.push(failedRow('form responses (formresponse.json)', 'a list', responses.error));
  else {
    const response = responses.value.find((entry) => entry.field_data !== undefined && entry.field_data !== '');
    rows.push(
      response
        ? {
            check: 'a form response: field_data',
            expected: 'array-by-uuid (a JSON string of {field_uuid, name, value})',
            found: fieldDataLayoutOf(response.field_data),
            verdict: fieldDataLayoutOf(response.field_data) === 'array-by-uuid' ? 'matches' : 'differs',
          }
        : {
            check: 'a form response: field_data',
            expected: 'array-by-uuid',
            found: 'no form response with answers',
            verdict: 'not seen',
          },
    );
  }

  const sent = await attempt(() => client.list('sms', AnyRecord, { filter: "direction eq 'outbound'" }));
  if (!sent.ok) rows.push(failedRow('sent texts (sms.json)', 'a list', sent.error));
  else rows.push(fieldsRow(`sent texts: ${sent.value.length}`, sent.value[0], ['related_object_uuid', 'direction']));

  const hooks = await attempt(() => client.listWebhookSubscriptions());
  if (!hooks.ok) rows.push(failedRow('webhook subscriptions', 'a list', hooks.error));
  else {
    const described = hooks.value.map((hook) => `${hook.event ?? hook.object ?? '?'} (${hook.status ?? 'no status'})`);
    rows.push({
      check: 'webhook subscriptions',
      expected: 'a list with object or event, callback and status',
      found: described.length > 0 ? described.join(', ') : 'none',
      verdict: hooks.value.every((hook) => (hook.event || hook.object) && hook.status) ? 'matches' : 'differs',
    });
  }
  return rows;
}
