import {
  COMPARISON_WORDS,
  type ComparisonOperator,
  type Condition,
  type ConditionOf,
  type ConditionType,
} from '@automate/contract';
import { compareValues } from './compare.ts';
import type { EvaluationContext, FormAnswer, NameLookup, Sm8Flag } from './evaluation-context.ts';
import {
  findAnswer,
  readAnswerChoices,
  readAnswerDate,
  readAnswerNumber,
  readAnswerText,
  sameText,
} from './form-answers.ts';

/**
 * Pure evaluation of one condition against an evaluation context: no I/O, no clock.
 *
 * Missing data (no job, no client, no form response, no status, no category, no queue, no badges,
 * no answer to the field, an empty answer, an answer that does not read as a number or a date):
 * - a condition that asks whether something IS so is false: JobHasBadge on a job without badges,
 *   JobIsInQueue on a job in no queue, FormFieldNumberMatches (even with NotEq) on an empty answer,
 *   any Form… condition without a form response, any Job… condition without a job;
 * - the Excludes conditions (JobExcludesBadges, JobExcludesCategories, JobExcludesQueues,
 *   JobExcludesStatuses, ClientExcludesBadges) are true: what is missing cannot be one of the
 *   excluded values (no job / no client included).
 * Related rules: IsCreated is true only when the context says so; JobPaymentMade falls back to the
 * job's `payment_received` flag when the payments were not read; a form response naming no form is
 * matched by its field uuids alone. Uuids and choices compare ignoring case and surrounding spaces.
 *
 * Each result carries a reason for the run log: the question, yes or no, and why, e.g.
 * "The job has the badge Warranty? no: it has no badges."
 */
export type ConditionOutcome = { result: boolean; reason: string };

export function evaluateCondition(condition: Condition, context: EvaluationContext): ConditionOutcome {
  const evaluate = EVALUATORS[condition.type] as
    | ((params: Condition['params'], context: EvaluationContext) => ConditionOutcome)
    | undefined;
  // A stored definition is parsed before it runs; this guards a type removed since it was saved.
  if (!evaluate)
    return answer(`The condition ${String(condition.type)} is known`, false, 'Automate has no such condition');
  return evaluate(condition.params ?? {}, context);
}

type Evaluator<T extends ConditionType> = (
  params: ConditionOf<T>['params'],
  context: EvaluationContext,
) => ConditionOutcome;

const EVALUATORS: { [T in ConditionType]: Evaluator<T> } = {
  IsCreated: (_params, { isCreated }) => {
    const question = 'The record was just created';
    if (isCreated === true) return answer(question, true);
    if (isCreated === false) return answer(question, false, 'this run comes from a change to an existing record');
    return answer(question, false, 'nothing says it was just created');
  },

  JobIsStatus: ({ status }, { job }) => {
    const question = `The job's status is ${status}`;
    if (!job) return answer(question, false, 'there is no job');
    if (!present(job.status)) return answer(question, false, 'the job has no status');
    return answer(question, sameText(job.status, status), `it is ${job.status}`);
  },

  JobIsCategory: ({ categoryUuid }, { job, names }) => {
    const question = `The job is in the category ${nameOf(names, 'categories', categoryUuid)}`;
    if (!job) return answer(question, false, 'there is no job');
    if (!present(job.category_uuid)) return answer(question, false, 'it has no category');
    return answer(
      question,
      sameText(job.category_uuid, categoryUuid),
      `it is in ${nameOf(names, 'categories', job.category_uuid)}`,
    );
  },

  JobIsScheduled: (_params, { job }) => {
    const question = 'The job is scheduled';
    if (!job) return answer(question, false, 'there is no job');
    const until = job.job_is_scheduled_until_stamp;
    if (isSetStamp(until)) return answer(question, true, `it is booked until ${until?.trim()}`);
    return answer(question, false, 'it has no scheduled visit');
  },

  JobIsCompleted: (_params, { job }) => {
    const question = 'The job is completed';
    if (!job) return answer(question, false, 'there is no job');
    if (!present(job.status)) return answer(question, false, 'the job has no status');
    return answer(question, sameText(job.status, 'Completed'), `its status is ${job.status}`);
  },

  JobIsInQueue: ({ queueUuid }, { job, names }) => {
    const question = `The job is in the queue ${nameOf(names, 'queues', queueUuid)}`;
    if (!job) return answer(question, false, 'there is no job');
    if (!present(job.queue_uuid)) return answer(question, false, 'it is in no queue');
    return answer(
      question,
      sameText(job.queue_uuid, queueUuid),
      `it is in the queue ${nameOf(names, 'queues', job.queue_uuid)}`,
    );
  },

  JobQuoted: (_params, { job }) => {
    const question = 'The job is a quote';
    if (!job) return answer(question, false, 'there is no job');
    if (!present(job.status)) return answer(question, false, 'the job has no status');
    return answer(question, sameText(job.status, 'Quote'), `its status is ${job.status}`);
  },

  JobQuoteSent: (_params, { job }) =>
    flagOutcome('The quote has been sent', job, job?.quote_sent, job?.quote_sent_stamp, 'the quote is not marked sent'),

  JobQuoteApproved: (_params, { job }) => {
    const question = 'The client accepted the quote';
    if (!job) return answer(question, false, 'there is no job');
    if (!isOn(job.quote_sent) && !isSetStamp(job.quote_date))
      return answer(question, false, 'the job was never quoted');
    if (!present(job.status)) return answer(question, false, 'the job has no status');
    if (sameText(job.status, 'Work Order') || sameText(job.status, 'Completed')) {
      return answer(question, true, `the quote became a ${job.status.trim()}`);
    }
    if (sameText(job.status, 'Quote')) return answer(question, false, 'the job is still a quote');
    return answer(question, false, `its status is ${job.status}`);
  },

  JobInvoiceSent: (_params, { job }) =>
    flagOutcome(
      'The invoice has been sent',
      job,
      job?.invoice_sent,
      job?.invoice_sent_stamp,
      'the invoice is not marked sent',
    ),

  JobInvoiceApproved: (_params, { job }) =>
    flagOutcome(
      'The invoice is paid in full',
      job,
      job?.payment_received,
      job?.payment_received_stamp,
      'the job is not marked paid in full',
    ),

  JobPaymentMade: (_params, { job, payments }) => {
    const question = 'A payment has been recorded';
    if (payments && payments.count > 0) {
      const plural = payments.count === 1 ? 'payment' : 'payments';
      return answer(question, true, `${payments.count} ${plural} totalling ${payments.total.toFixed(2)}`);
    }
    if (job && isOn(job.payment_received)) return answer(question, true, 'the job is marked paid in full');
    if (!job && !payments) return answer(question, false, 'there is no job');
    return answer(question, false, 'no payment is recorded');
  },

  ClientHasBadge: ({ badgeUuid }, { client, names }) => hasBadge('client', client, badgeUuid, names),
  JobHasBadge: ({ badgeUuid }, { job, names }) => hasBadge('job', job, badgeUuid, names),
  JobHasAllBadges: ({ badgeUuids }, { job, names }) => hasAllBadges('job', job, badgeUuids, names),
  ClientHasAllBadges: ({ badgeUuids }, { client, names }) => hasAllBadges('client', client, badgeUuids, names),
  JobExcludesBadges: ({ badgeUuids }, { job, names }) => excludesBadges('job', job, badgeUuids, names),
  ClientExcludesBadges: ({ badgeUuids }, { client, names }) => excludesBadges('client', client, badgeUuids, names),

  FormIsType: ({ formUuid }, { formResponse, names }) => {
    const question = `The submitted form is ${nameOf(names, 'forms', formUuid)}`;
    if (!formResponse) return answer(question, false, 'there is no form response');
    if (!present(formResponse.form_uuid)) return answer(question, false, 'the response names no form');
    return answer(
      question,
      sameText(formResponse.form_uuid, formUuid),
      `it is ${nameOf(names, 'forms', formResponse.form_uuid)}`,
    );
  },

  JobExcludesCategories: ({ categoryUuids }, { job, names }) => {
    const question = `The job is in none of the categories ${listOf(names, 'categories', categoryUuids)}`;
    if (!job) return answer(question, true, 'there is no job');
    if (!present(job.category_uuid)) return answer(question, true, 'it has no category');
    const excluded = categoryUuids.some((uuid) => sameText(uuid, job.category_uuid));
    return answer(question, !excluded, `it is in ${nameOf(names, 'categories', job.category_uuid)}`);
  },

  JobExcludesQueues: ({ queueUuids }, { job, names }) => {
    const question = `The job is in none of the queues ${listOf(names, 'queues', queueUuids)}`;
    if (!job) return answer(question, true, 'there is no job');
    if (!present(job.queue_uuid)) return answer(question, true, 'it is in no queue');
    const excluded = queueUuids.some((uuid) => sameText(uuid, job.queue_uuid));
    return answer(question, !excluded, `it is in the queue ${nameOf(names, 'queues', job.queue_uuid)}`);
  },

  JobExcludesStatuses: ({ statuses }, { job }) => {
    const question = `The job's status is none of ${joinWords(statuses)}`;
    if (!job) return answer(question, true, 'there is no job');
    if (!present(job.status)) return answer(question, true, 'the job has no status');
    const excluded = statuses.some((status) => sameText(status, job.status));
    return answer(question, !excluded, `it is ${job.status}`);
  },

  FormFieldTextIncludes: (params, context) =>
    onAnswer(
      params,
      context,
      (field) => `The answer to ${field} includes "${params.text}"`,
      (value) => {
        const written = readAnswerText(value);
        if (written === '') return { result: false, detail: 'the answer is empty' };
        return { result: written.toLowerCase().includes(params.text.toLowerCase()), detail: `it is ${quote(written)}` };
      },
    ),

  FormFieldNumberMatches: (params, context) => compareAnswer(params, context, 'number', readAnswerNumber),

  FormFieldChoiceMatches: (params, context) =>
    onAnswer(
      params,
      context,
      (field) => `The answer to ${field} is ${params.choice}`,
      (value) => {
        const written = readAnswerText(value);
        if (written === '') return { result: false, detail: 'the answer is empty' };
        const choices = readAnswerChoices(value);
        const only = choices.length === 1 ? choices[0] : undefined;
        const matches = sameText(written, params.choice) || sameText(only, params.choice);
        return { result: matches, detail: `it is ${written}` };
      },
    ),

  FormFieldDateMatches: (params, context) => compareAnswer(params, context, 'date', readAnswerDate),

  FormFieldMultiChoiceIncludes: (params, context) =>
    onAnswer(
      params,
      context,
      (field) => `The answers to ${field} include ${params.choice}`,
      (value) => {
        const written = readAnswerText(value);
        const choices = readAnswerChoices(value);
        if (choices.length === 0) return { result: false, detail: 'the answer is empty' };
        const matches = sameText(written, params.choice) || choices.some((choice) => sameText(choice, params.choice));
        return { result: matches, detail: `they are ${joinWords(choices)}` };
      },
    ),
};

// ---------------------------------------------------------------------------------------------

type BadgeHolder = { badges?: readonly string[] | null } | null | undefined;
type Holder = 'job' | 'client';

function hasBadge(holder: Holder, record: BadgeHolder, badgeUuid: string, names: Names): ConditionOutcome {
  const question = `The ${holder} has the badge ${nameOf(names, 'badges', badgeUuid)}`;
  return onBadges(question, holder, record, false, (badges) => {
    if (badges.some((uuid) => sameText(uuid, badgeUuid))) return answer(question, true);
    return answer(question, false, `it has ${listOf(names, 'badges', badges)}`);
  });
}

function hasAllBadges(
  holder: Holder,
  record: BadgeHolder,
  badgeUuids: readonly string[],
  names: Names,
): ConditionOutcome {
  const question = `The ${holder} has all of the badges ${listOf(names, 'badges', badgeUuids)}`;
  return onBadges(question, holder, record, false, (badges) => {
    const lacking = badgeUuids.filter((wanted) => !badges.some((uuid) => sameText(uuid, wanted)));
    if (lacking.length === 0) return answer(question, true);
    return answer(question, false, `it lacks ${listOf(names, 'badges', lacking)}`);
  });
}

function excludesBadges(
  holder: Holder,
  record: BadgeHolder,
  badgeUuids: readonly string[],
  names: Names,
): ConditionOutcome {
  const question = `The ${holder} has none of the badges ${listOf(names, 'badges', badgeUuids)}`;
  return onBadges(question, holder, record, true, (badges) => {
    const held = badgeUuids.filter((excluded) => badges.some((uuid) => sameText(uuid, excluded)));
    if (held.length > 0) return answer(question, false, `it has ${listOf(names, 'badges', held)}`);
    return answer(question, true, `it has only ${listOf(names, 'badges', badges)}`);
  });
}

/** Answers `ifNone` for a missing record or one without badges (the missing-data rule), else judges its badges. */
function onBadges(
  question: string,
  holder: Holder,
  record: BadgeHolder,
  ifNone: boolean,
  judge: (badges: readonly string[]) => ConditionOutcome,
): ConditionOutcome {
  if (!record) return answer(question, ifNone, `there is no ${holder}`);
  const badges = record.badges ?? [];
  if (badges.length === 0) return answer(question, ifNone, 'it has no badges');
  return judge(badges);
}

function flagOutcome(
  question: string,
  job: unknown,
  flag: Sm8Flag,
  stamp: string | null | undefined,
  notSet: string,
): ConditionOutcome {
  if (!job) return answer(question, false, 'there is no job');
  if (!isOn(flag)) return answer(question, false, notSet);
  return answer(question, true, isSetStamp(stamp) ? `on ${stamp?.trim()}` : undefined);
}

type FormFieldParams = { formUuid: string; field: string };
type Judgement = { result: boolean; detail: string };

/** Finds the answer to the field of the submitted form (the missing-data cases are false), then judges it. */
function onAnswer(
  params: FormFieldParams,
  { formResponse, names }: EvaluationContext,
  ask: (fieldName: string) => string,
  judge: (value: FormAnswer['value']) => Judgement,
): ConditionOutcome {
  const fieldName = nameOf(names, 'formFields', params.field);
  const question = ask(fieldName);
  if (!formResponse) return answer(question, false, 'there is no form response');
  if (present(formResponse.form_uuid) && !sameText(formResponse.form_uuid, params.formUuid)) {
    const submitted = nameOf(names, 'forms', formResponse.form_uuid);
    return answer(
      question,
      false,
      `the submitted form is ${submitted}, not ${nameOf(names, 'forms', params.formUuid)}`,
    );
  }
  const found = findAnswer(formResponse, params.field, names);
  if (!found) {
    const why = formResponse.fieldsUnreadable
      ? 'its answers are in a layout that could not be read'
      : 'none of its answers has that field’s id or name';
    return answer(question, false, `the form answer '${fieldName}' could not be read from the form response (${why})`);
  }
  const { result, detail } = judge(found.value);
  return answer(question, result, detail);
}

/** Reads the answer as a number or a date and compares it with the condition's value. */
function compareAnswer<T extends number | string>(
  params: FormFieldParams & { operator: ComparisonOperator; value: T },
  context: EvaluationContext,
  kind: 'number' | 'date',
  read: (value: FormAnswer['value']) => T | null,
): ConditionOutcome {
  return onAnswer(
    params,
    context,
    (field) => `The answer to ${field} is ${COMPARISON_WORDS[params.operator][kind]} ${params.value}`,
    (value) => {
      const answered = read(value);
      if (answered === null) return { result: false, detail: unreadable(value, `a ${kind}`) };
      return { result: compareValues(params.operator, answered, params.value), detail: `it is ${answered}` };
    },
  );
}

type Names = NameLookup | null | undefined;

function nameOf(names: Names, kind: keyof NameLookup, uuid: string): string {
  const name = names?.[kind]?.[uuid] ?? names?.[kind]?.[uuid.toLowerCase()];
  return name?.trim() ? name.trim() : uuid;
}

const LIST_SHOWN = 5;

function listOf(names: Names, kind: keyof NameLookup, uuids: readonly string[]): string {
  return joinWords(uuids.map((uuid) => nameOf(names, kind, uuid)));
}

/** "A", "A and B", "A, B and C"; past five items "A, B, C, D, E and 3 more". */
function joinWords(words: readonly string[]): string {
  if (words.length > LIST_SHOWN) {
    return `${words.slice(0, LIST_SHOWN).join(', ')} and ${words.length - LIST_SHOWN} more`;
  }
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function answer(question: string, result: boolean, detail?: string): ConditionOutcome {
  return { result, reason: `${question}? ${result ? 'yes' : 'no'}${detail ? `: ${detail}` : ''}.` };
}

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** 1, "1", true or "true". */
function isOn(flag: Sm8Flag): boolean {
  if (typeof flag === 'boolean') return flag;
  if (typeof flag === 'number') return flag === 1;
  return typeof flag === 'string' && (flag.trim() === '1' || flag.trim().toLowerCase() === 'true');
}

/** A ServiceM8 datetime that is set: not empty and not `0000-00-00 00:00:00`. */
function isSetStamp(value: string | null | undefined): boolean {
  return present(value) && !/^0000-00-00/.test(value.trim());
}

function quote(text: string): string {
  return text.length > 60 ? `"${text.slice(0, 57)}…"` : `"${text}"`;
}

function unreadable(value: FormAnswer['value'], kind: string): string {
  const written = readAnswerText(value);
  return written === '' ? 'the answer is empty' : `${quote(written)} is not ${kind}`;
}
