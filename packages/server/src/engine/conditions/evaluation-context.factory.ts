import type { ConditionOf, ConditionType } from '@automate/contract';
import type {
  ClientFacts,
  EvaluationContext,
  FormAnswer,
  FormResponseFacts,
  JobFacts,
  NameLookup,
} from './evaluation-context.ts';

/** Test data for condition evaluation: every call builds fresh objects. */

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const IDS = {
  warranty: uuid(1),
  vip: uuid(2),
  urgent: uuid(3),
  partsOnOrder: uuid(11),
  awaitingApproval: uuid(12),
  plumbing: uuid(21),
  gasFitting: uuid(22),
  safetyForm: uuid(31),
  surveyForm: uuid(32),
  notesField: uuid(41),
  ratingField: uuid(42),
  recommendField: uuid(43),
  hazardsField: uuid(44),
  visitDateField: uuid(45),
} as const;

function buildNames(): NameLookup {
  return {
    badges: { [IDS.warranty]: 'Warranty', [IDS.vip]: 'VIP', [IDS.urgent]: 'Urgent' },
    queues: { [IDS.partsOnOrder]: 'Parts on order', [IDS.awaitingApproval]: 'Awaiting approval' },
    categories: { [IDS.plumbing]: 'Plumbing', [IDS.gasFitting]: 'Gas fitting' },
    forms: { [IDS.safetyForm]: 'Job Safety Assessment', [IDS.surveyForm]: 'Customer Survey' },
    formFields: {
      [IDS.notesField]: 'Notes',
      [IDS.ratingField]: 'Rating',
      [IDS.recommendField]: 'Recommend',
      [IDS.hazardsField]: 'Hazards',
      [IDS.visitDateField]: 'Visit date',
    },
  };
}

/** A work order in no category or queue, without badges, nothing sent or paid. */
export function buildJob(overrides: Partial<JobFacts> = {}): JobFacts {
  return {
    uuid: uuid(100),
    generated_job_id: '1001',
    status: 'Work Order',
    category_uuid: '',
    queue_uuid: '',
    badges: [],
    quote_date: '0000-00-00 00:00:00',
    quote_sent: 0,
    quote_sent_stamp: '0000-00-00 00:00:00',
    invoice_sent: 0,
    invoice_sent_stamp: '0000-00-00 00:00:00',
    payment_received: 0,
    payment_received_stamp: '0000-00-00 00:00:00',
    job_is_scheduled_until_stamp: '0000-00-00 00:00:00',
    ...overrides,
  };
}

export function buildClient(overrides: Partial<ClientFacts> = {}): ClientFacts {
  return { uuid: uuid(200), name: 'Emma Ellis', badges: [], ...overrides };
}

/** A response to the safety form; answers by field uuid. */
export function buildFormResponse(
  answers: Array<[fieldUuid: string, value: FormAnswer['value']]> = [],
  overrides: Partial<FormResponseFacts> = {},
): FormResponseFacts {
  const names = buildNames().formFields ?? {};
  return {
    uuid: uuid(300),
    form_uuid: IDS.safetyForm,
    regarding_object: 'job',
    regarding_object_uuid: uuid(100),
    fields: answers.map(([fieldUuid, value]) => ({ field_uuid: fieldUuid, name: names[fieldUuid] ?? 'Field', value })),
    ...overrides,
  };
}

/** A job and its client, not just created, no payments, names known; override any part. */
export function buildContext(overrides: Partial<EvaluationContext> = {}): EvaluationContext {
  return {
    job: buildJob(),
    client: buildClient(),
    formResponse: null,
    isCreated: false,
    payments: { count: 0, total: 0 },
    names: buildNames(),
    ...overrides,
  };
}

/** A condition of the given type; typed by its params. */
export function buildCondition<T extends ConditionType>(type: T, params: ConditionOf<T>['params']): ConditionOf<T> {
  return { type, params } as ConditionOf<T>;
}
