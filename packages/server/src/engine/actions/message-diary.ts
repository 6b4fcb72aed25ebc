import { z } from 'zod';
import { Sm8Error, sm8Said } from '../../integrations/servicem8/sm8-http.ts';
import type { Sm8Record } from '../events/derive-events.ts';
import { type ActionEnv, UncertainOutcome } from './action-executor.ts';

/**
 * Finding a message in the job diary after a step was interrupted between sending it and recording
 * that it was sent. ServiceM8's `sms.json` and `email.json` can be filtered only on `direction`,
 * `related_object` and `related_object_uuid`; the names of their other fields (recipient, text, subject,
 * attachments) are not published, so each is read from any of the names it plausibly has and compared
 * here. When the diary cannot say whether the message went out, the step is not sent again: it ends
 * Uncertain (`UncertainOutcome`).
 */

const AnyRecord = z.record(z.string(), z.unknown());

/** The names each part of a diary entry may have. */
const DIARY_FIELD_NAMES = {
  recipient: ['to', 'to_address', 'recipient', 'mobile', 'email', 'phone', 'phone_number', 'to_mobile', 'to_email'],
  text: ['message', 'body', 'text_body', 'textBody', 'message_body', 'content', 'text', 'sms_message'],
  subject: ['subject', 'email_subject', 'title'],
  attachments: ['attachments', 'attachment_uuids', 'attachment_uuid', 'attachment'],
} as const;

type DiaryPart = keyof typeof DIARY_FIELD_NAMES;

/** What the message looked like; each part given is compared, each left out is not. */
export type ExpectedMessage = Partial<Record<DiaryPart, string>>;

export type DiaryVerdict = { found: true } | { found: false; unreadable: number };

/** Every value the record has under one of the part's names. */
function readPart(record: Sm8Record, part: DiaryPart): string[] {
  const values: string[] = [];
  for (const name of DIARY_FIELD_NAMES[part]) {
    const value = record[name];
    if (typeof value === 'string' && value.trim() !== '') values.push(value);
    else if (Array.isArray(value) && value.length > 0) values.push(JSON.stringify(value));
    else if (typeof value === 'number') values.push(String(value));
  }
  return values;
}

const normalise: Record<DiaryPart, (value: string) => string> = {
  recipient: (value) => value.replace(/[\s()-]/g, '').toLowerCase(),
  text: (value) => value.trim().replace(/\r\n/g, '\n'),
  subject: (value) => value.trim(),
  attachments: (value) => value,
};

function partMatches(part: DiaryPart, actual: string, expected: string): boolean {
  const want = normalise[part](expected);
  const have = normalise[part](actual);
  if (part === 'attachments') return have.includes(want);
  // A recipient may be written with a name ("Emma Ellis <emma@example.net>").
  if (part === 'recipient') return have === want || have.includes(`<${want}>`);
  return have === want;
}

/**
 * Whether `records` (outbound diary entries of the job) hold the expected message: found when an entry
 * matches every part; otherwise how many entries could not be ruled out because a part could not be read.
 */
export function findInDiary(records: readonly Sm8Record[], expected: ExpectedMessage): DiaryVerdict {
  let unreadable = 0;
  const parts = (Object.keys(expected) as DiaryPart[]).filter((part) => expected[part] !== undefined);
  for (const record of records) {
    let differs = false;
    let unknown = false;
    for (const part of parts) {
      const values = readPart(record, part);
      if (values.length === 0) unknown = true;
      else if (!values.some((value) => partMatches(part, value, expected[part] ?? ''))) differs = true;
    }
    if (differs) continue;
    if (!unknown) return { found: true };
    unreadable++;
  }
  return { found: false, unreadable };
}

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Whether the job diary already holds this message. True: it was sent. False: it was not (every
 * outbound entry of the job is readable and differs). Throws `UncertainOutcome` when it cannot tell,
 * and lets a transient failure through for the run to retry.
 */
export async function alreadyInDiary(
  env: ActionEnv,
  channel: 'email' | 'sms',
  jobUuid: string,
  expected: ExpectedMessage,
): Promise<boolean> {
  const what = channel === 'sms' ? 'text message' : 'email';
  if (!jobUuid) {
    throw new UncertainOutcome(
      `the ${what} may have gone out before the run was interrupted, and with no job there is no diary to look in; it was not sent again.`,
    );
  }
  let history: Sm8Record[];
  try {
    history = await env.client.list(channel, AnyRecord, {
      filter: `related_object_uuid eq ${quoted(jobUuid)} and direction eq 'outbound'`,
    });
  } catch (error) {
    if (error instanceof Sm8Error && !error.retryable) {
      throw new UncertainOutcome(
        `the ${what} may have gone out before the run was interrupted, and ServiceM8 would not show the diary (${sm8Said(error)}); it was not sent again.`,
      );
    }
    throw error;
  }
  // The filter is applied again here: ServiceM8 ignores a filter it cannot read and answers every record.
  const ofThisJob = history.filter(
    (record) =>
      (record.direction === undefined || record.direction === 'outbound') &&
      (record.related_object_uuid === undefined || record.related_object_uuid === jobUuid),
  );
  const verdict = findInDiary(ofThisJob, expected);
  if (verdict.found) return true;
  if (verdict.unreadable > 0) {
    throw new UncertainOutcome(
      `the ${what} may have gone out before the run was interrupted, and ${verdict.unreadable === 1 ? 'an entry' : `${verdict.unreadable} entries`} in the job diary could not be read to tell; it was not sent again.`,
    );
  }
  return false;
}
