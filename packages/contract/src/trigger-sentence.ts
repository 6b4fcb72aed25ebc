import { TRIGGER_EVENT_LABELS } from './enums.ts';
import {
  COMPARISON_WORDS,
  type Condition,
  type ConditionGroup,
  isConditionGroup,
  type TriggerAction,
  type TriggerDefinition,
  webAddressHost,
} from './triggers.ts';

/**
 * A definition in plain sentences, for a template's preview, the editor's summary and a run's log:
 * "When a quote is sent, if the job’s status is “Quote”, after 3 days: email the client, then add the
 * badge “Quote Follow-up” to the job." Every condition and action type has its own phrase with its
 * parameters in it. `nameOf` turns a referenced ServiceM8 record into its name (a template's references
 * already are names: the default keeps them).
 */

export type NameOf = (uuid: string) => string;

const keepName: NameOf = (uuid) => uuid;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const quote = (text: string) => `“${text}”`;

/** `“A”`, `“A” and “B”`, `“A”, “B” or “C”`. */
function listOf(names: readonly string[], last: 'and' | 'or'): string {
  const quoted = names.map(quote);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${last} ${quoted.at(-1)}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** `2025-03-31` → `31 March 2025` (the date as written, whatever the reader's zone). */
function spokenDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : iso;
}

/** A form's field, named with its form: `“Rating (1-5)” on the form “Customer Satisfaction Survey”`. */
const formField = (params: { formUuid: string; field: string }, nameOf: NameOf) =>
  `${quote(nameOf(params.field))} on the form ${quote(nameOf(params.formUuid))}`;

/** One condition as a clause: `the job has the badge “VIP”`, `“Rating (1-5)” on the form “Survey” is less than 3`. */
export function describeCondition(condition: Condition, nameOf: NameOf = keepName): string {
  const names = (uuids: readonly string[], last: 'and' | 'or') => listOf(uuids.map(nameOf), last);
  switch (condition.type) {
    case 'IsCreated':
      return 'it was just created';
    case 'JobIsStatus':
      return `the job’s status is ${quote(condition.params.status)}`;
    case 'JobIsCategory':
      return `the job is in the category ${quote(nameOf(condition.params.categoryUuid))}`;
    case 'JobIsScheduled':
      return 'the job is scheduled';
    case 'JobIsCompleted':
      return 'the job is completed';
    case 'JobIsInQueue':
      return `the job is in the queue ${quote(nameOf(condition.params.queueUuid))}`;
    case 'JobQuoted':
      return 'the job is a quote';
    case 'JobQuoteSent':
      return 'the quote was sent';
    case 'JobQuoteApproved':
      return 'the quote was accepted';
    case 'JobInvoiceSent':
      return 'the invoice was sent';
    case 'JobInvoiceApproved':
      return 'the invoice is paid';
    case 'JobPaymentMade':
      return 'a payment was made';
    case 'ClientHasBadge':
      return `the client has the badge ${quote(nameOf(condition.params.badgeUuid))}`;
    case 'JobHasBadge':
      return `the job has the badge ${quote(nameOf(condition.params.badgeUuid))}`;
    case 'JobHasAllBadges':
      return `the job has all of the badges ${names(condition.params.badgeUuids, 'and')}`;
    case 'ClientHasAllBadges':
      return `the client has all of the badges ${names(condition.params.badgeUuids, 'and')}`;
    case 'FormIsType':
      return `the form is ${quote(nameOf(condition.params.formUuid))}`;
    case 'JobExcludesBadges':
      return `the job has none of the badges ${names(condition.params.badgeUuids, 'or')}`;
    case 'JobExcludesCategories':
      return `the job is in none of the categories ${names(condition.params.categoryUuids, 'or')}`;
    case 'JobExcludesQueues':
      return `the job is in none of the queues ${names(condition.params.queueUuids, 'or')}`;
    case 'JobExcludesStatuses':
      return `the job’s status is none of ${listOf(condition.params.statuses, 'or')}`;
    case 'ClientExcludesBadges':
      return `the client has none of the badges ${names(condition.params.badgeUuids, 'or')}`;
    case 'FormFieldTextIncludes':
      return `${formField(condition.params, nameOf)} contains ${quote(condition.params.text)}`;
    case 'FormFieldNumberMatches':
      return `${formField(condition.params, nameOf)} is ${COMPARISON_WORDS[condition.params.operator].number} ${condition.params.value}`;
    case 'FormFieldChoiceMatches':
      return `the answer to ${formField(condition.params, nameOf)} is ${quote(condition.params.choice)}`;
    case 'FormFieldDateMatches':
      return `${formField(condition.params, nameOf)} is ${COMPARISON_WORDS[condition.params.operator].date} ${spokenDate(condition.params.value)}`;
    case 'FormFieldMultiChoiceIncludes':
      return `the answers to ${formField(condition.params, nameOf)} include ${quote(condition.params.choice)}`;
  }
}

/** A group's conditions joined by “and” or “or”; a group inside another is put in brackets. */
export function describeConditions(group: ConditionGroup, nameOf: NameOf = keepName): string {
  const joiner = group.combiner === 'Or' ? ' or ' : ' and ';
  return group.items
    .map((item) => (isConditionGroup(item) ? `(${describeConditions(item, nameOf)})` : describeCondition(item, nameOf)))
    .join(joiner);
}

/**
 * One action as what it does: `add the badge “Urgent” to the job`, `set the job’s status to “Completed”`.
 * Texts (emails, notes) are too long for a sentence: only the records and the values it sets.
 */
export function describeAction(action: TriggerAction, nameOf: NameOf = keepName): string {
  switch (action.type) {
    case 'Job_AddBadge':
      return `add the badge ${quote(nameOf(action.params.badgeUuid))} to the job`;
    case 'Job_RemoveBadge':
      return `remove the badge ${quote(nameOf(action.params.badgeUuid))} from the job`;
    case 'Job_SendEmail':
      return 'email the job contact';
    case 'Job_ChangeStatus':
      return `set the job’s status to ${quote(action.params.status)}`;
    case 'Job_AddToQueue':
      return `add the job to the queue ${quote(nameOf(action.params.queueUuid))}`;
    case 'Job_AddNote':
      return 'add a note to the job';
    case 'Job_AddDescription':
      return 'add to the job description';
    case 'Job_AddWorkDoneDescription':
      return 'add to the work done description';
    case 'Job_AddService': {
      const service = quote(nameOf(action.params.materialUuid));
      const quantity = action.params.quantity === 1 ? '' : ` × ${action.params.quantity}`;
      return `add the service ${service}${quantity} to the job`;
    }
    case 'Job_SendText':
      return 'text the job contact';
    case 'Job_SendAttachment':
      return 'email a file to the job contact';
    case 'JobClient_SendEmail':
      return 'email the client';
    case 'JobClient_CreateJob': {
      const category = action.params.categoryUuid
        ? ` in the category ${quote(nameOf(action.params.categoryUuid))}`
        : '';
      return `create a job for the client with the status ${quote(action.params.status)}${category}`;
    }
    case 'JobClient_SendText':
      return 'text the client';
    case 'SendToWebAddress':
      return `send it to ${quote(webAddressHost(action.params.url))}`;
  }
}

const UNIT_WORDS = { Minute: 'minute', Hour: 'hour', Day: 'day', Month: 'month', Year: 'year' } as const;

/** The whole definition as one sentence: the event, the conditions, the wait and the actions in order. */
export function describeDefinition(
  definition: Pick<TriggerDefinition, 'event' | 'conditions' | 'delay' | 'actions'>,
  nameOf: NameOf = keepName,
): string {
  const parts = [`When ${lowerFirst(TRIGGER_EVENT_LABELS[definition.event])}`];
  if (definition.conditions.items.length > 0) parts.push(`if ${describeConditions(definition.conditions, nameOf)}`);
  if (definition.delay) {
    const { amount, unit, from } = definition.delay;
    const length = `${amount} ${UNIT_WORDS[unit]}${amount === 1 ? '' : 's'}`;
    parts.push(from === 'BookingStart' ? `${length} before the booking starts` : `after ${length}`);
  }
  const actions = definition.actions.map((action) => describeAction(action, nameOf));
  const doing = actions.length > 0 ? actions.join(', then ') : 'do nothing yet';
  return `${parts.join(', ')}: ${doing}.`;
}
