import { z } from 'zod';
import {
  COMPARISON_OPERATORS,
  type ComparisonOperator,
  DELAY_BASES,
  LOGICAL_COMBINERS,
  TARGET_KINDS,
  TIME_UNITS,
  TRIGGER_EVENTS,
} from './enums.ts';
import { atMost, placeOfPath, say } from './field-words.ts';

/**
 * The trigger definition: what the editor saves, the engine evaluates and the
 * templates copy. Every condition and every action has its own params schema (a discriminated
 * union on `type`), and every message is a sentence that names the field it is about.
 */

/** The four job statuses ServiceM8 knows, in the order ServiceM8 shows them. */
export const JOB_STATUSES = ['Quote', 'Work Order', 'Unsuccessful', 'Completed'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

/** Limits of a definition (the specification names none; these keep a definition readable and safe to run). */
export const TRIGGER_LIMITS = {
  nameMax: 100,
  descriptionMax: 2000,
  actionsMax: 20,
  actionIdMax: 64,
  /** Nesting levels of condition groups, the top group included. */
  conditionDepthMax: 5,
  /** Conditions and groups in one group. */
  groupItemsMax: 50,
  listMax: 50,
  delayAmountMax: 1000,
  fieldNameMax: 200,
  textMax: 10_000,
  subjectMax: 200,
  /** Ten SMS segments. */
  smsMax: 1600,
  quantityMax: 1_000_000,
} as const;

// ---------------------------------------------------------------------------------------------
// Field builders: each takes the label the editor shows, so its messages name what the vendor sees
// (and, through `say`, the action or condition holding it).

const SM8_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const oneOf = (values: readonly string[]) => values.join(', ');
const orList = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
const withoutArticle = (what: string) => what.replace(/^an? /, '');

/** The uuid of a ServiceM8 record, e.g. a badge; `what` reads "a badge". */
const sm8Uuid: RecordReference = (label, what) =>
  z
    .string(say(label, `choose ${what}`))
    .trim()
    .min(1, { ...say(label, `choose ${what}`), abort: true })
    .regex(SM8_UUID, say(label, `choose ${what} from your ServiceM8 account (this is not the id of one)`));

/**
 * How a definition points at a ServiceM8 record (a badge, a queue…): a trigger by the record's uuid
 * (`sm8Uuid`), a template by the record's name (`sm8Name`), matched to a vendor's records when copied.
 * `label` is the input's label in the editor, `what` reads "a badge".
 */
export type RecordReference = (label: string, what: string) => z.ZodString;

/** A record written by its name, as templates name records (`what` reads "a badge"). */
export const sm8Name: RecordReference = (label, what) =>
  z
    .string(say(label, `name ${what}`))
    .trim()
    .min(1, { ...say(label, `name ${what}`), abort: true })
    .max(TRIGGER_LIMITS.fieldNameMax, atMost(label, TRIGGER_LIMITS.fieldNameMax));

const recordList = (reference: RecordReference, label: string, what: string, plural: string) =>
  z
    .array(reference(label, what), say(label, `choose ${plural}`))
    .min(1, say(label, `choose at least one ${withoutArticle(what)}`))
    .max(TRIGGER_LIMITS.listMax, say(label, `choose at most ${TRIGGER_LIMITS.listMax} ${plural}`));

/** Our own ids (email templates, uploaded attachments): any short non-empty string; `todo` says how to give one. */
const ownId = (label: string, todo: string) =>
  z
    .string(say(label, todo))
    .trim()
    .min(1, { ...say(label, todo), abort: true })
    .max(100, say(label, todo));

const requiredText = (label: string, todo: string, max: number) =>
  z
    .string(say(label, todo))
    .trim()
    .min(1, { ...say(label, todo), abort: true })
    .max(max, atMost(label, max));

const optionalText = (label: string, max: number) =>
  z.string(say(label, 'write it as text')).trim().max(max, atMost(label, max)).default('');

const jobStatus = (label: string) => z.enum(JOB_STATUSES, say(label, `choose ${orList(JOB_STATUSES)}`));

const jobStatusList = (label: string) =>
  z
    .array(jobStatus(label), say(label, 'choose job statuses'))
    .min(1, say(label, 'choose at least one status'))
    .refine((list) => new Set(list).size === list.length, say(label, 'choose each status only once'));

const comparisonOperator = z.enum(COMPARISON_OPERATORS, say('Comparison', 'choose how to compare'));

const isRealDate = (value: string) => {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const isoDate = (label: string) =>
  z
    .string(say(label, 'give a date written YYYY-MM-DD'))
    .trim()
    .refine(isRealDate, say(label, 'give a real date written YYYY-MM-DD, such as 2025-03-31'));

const noParams = z.object({}, { error: 'params must be an object.' }).default({});

const params = <S extends z.ZodRawShape>(shape: S) =>
  z.object(shape, { error: 'params is required: this type needs some settings.' });

// ---------------------------------------------------------------------------------------------
// Conditions: one schema per type.

const condition = <T extends string, P extends z.ZodType>(type: T, paramsSchema: P) =>
  z.object({ type: z.literal(type), params: paramsSchema });

/** The `type` of each option, in the options' order. */
const typesOf = <T extends string>(options: readonly { shape: { type: z.ZodLiteral<T> } }[]) =>
  options.map((option) => option.shape.type.value) as [T, ...T[]];

export function isConditionGroup(item: ConditionItem): item is ConditionGroup {
  return item.type === undefined || item.type === 'Group';
}

// ---------------------------------------------------------------------------------------------
// Actions: one schema per type. Text may hold merge fields, rendered when the run executes.

const action = <T extends string, P extends z.ZodType>(type: T, paramsSchema: P) =>
  z.object({
    id: z
      .string(say('id', 'every action needs an id'))
      .trim()
      .min(1, { ...say('id', 'every action needs an id'), abort: true })
      .max(TRIGGER_LIMITS.actionIdMax, atMost('id', TRIGGER_LIMITS.actionIdMax)),
    type: z.literal(type),
    params: paramsSchema,
  });

/** The labels of the text inputs of each action that has any, as the editor shows them. */

export const ACTION_TEXT_LABELS = {
  Job_SendEmail: { subject: 'Subject', body: 'Body' },
  JobClient_SendEmail: { subject: 'Subject', body: 'Body' },
  Job_SendAttachment: { subject: 'Subject', body: 'Body' },
  Job_SendText: { message: 'Message' },
  JobClient_SendText: { message: 'Message' },
  Job_AddNote: { text: 'Note' },
  Job_AddDescription: { text: 'Text to add to the job description' },
  Job_AddWorkDoneDescription: { text: 'Text to add to the work done description' },
  JobClient_CreateJob: { description: 'Job description' },
  SendToWebAddress: { body: 'Body' },
} as const;

/** Subject and body written inline, or an email template (whose subject and body are then used). */
const emailParams = params({
  subject: optionalText(ACTION_TEXT_LABELS.Job_SendEmail.subject, TRIGGER_LIMITS.subjectMax),
  body: optionalText(ACTION_TEXT_LABELS.Job_SendEmail.body, TRIGGER_LIMITS.textMax),
  emailTemplateId: ownId('Email template', 'choose a template').optional(),
})
  .refine((value) => value.emailTemplateId || value.subject, {
    path: ['subject'],
    ...say(ACTION_TEXT_LABELS.Job_SendEmail.subject, 'write the subject, or use an email template'),
  })
  .refine((value) => value.emailTemplateId || value.body, {
    path: ['body'],
    ...say(ACTION_TEXT_LABELS.Job_SendEmail.body, 'write the email, or use an email template'),
  });

/**
 * "Send to a web address": what is posted (the record as JSON, or a body written with merge fields)
 * and the extra headers. A header's value is a secret: the server stores it sealed (`SEALED_PREFIX`)
 * and gives the editor the sealed form back, which saving again keeps as it is.
 */
export const WEB_ADDRESS_BODY_MODES = ['json', 'template'] as const;
export type WebAddressBodyMode = (typeof WEB_ADDRESS_BODY_MODES)[number];
export const WEB_ADDRESS_LIMITS = { urlMax: 2000, headersMax: 10, headerNameMax: 100, headerValueMax: 2000 } as const;
/** How a stored header value begins once the server has sealed it. */
export const SEALED_PREFIX = 'sealed:';
/** Headers the delivery sets itself (or that would change how it is carried), refused as extra headers. */
export const RESERVED_HEADERS = [
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'user-agent',
  'idempotency-key',
  'automate-signature',
  'automate-timestamp',
] as const;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const webAddressHeader = z.object(
  {
    name: z
      .string(say('Header name', 'write the header name'))
      .trim()
      .min(1, say('Header name', 'write the header name'))
      .max(WEB_ADDRESS_LIMITS.headerNameMax, atMost('Header name', WEB_ADDRESS_LIMITS.headerNameMax))
      .regex(HEADER_NAME, say('Header name', 'use letters, digits and dashes only, such as X-Api-Key'))
      .refine(
        (name) => !(RESERVED_HEADERS as readonly string[]).includes(name.toLowerCase()),
        say('Header name', 'choose another name: Automate sets this header itself'),
      ),
    value: z
      .string(say('Header value', 'write the header value'))
      .min(1, say('Header value', 'write the header value'))
      .max(WEB_ADDRESS_LIMITS.headerValueMax * 2, atMost('Header value', WEB_ADDRESS_LIMITS.headerValueMax))
      .refine((value) => !/[\r\n\0]/.test(value), say('Header value', 'write it on one line')),
  },
  say('Headers', 'give each header a name and a value'),
);

export const WebAddressParams = params({
  url: z
    .string(say('Web address', 'write the web address, starting with https://'))
    .trim()
    .min(1, { ...say('Web address', 'write the web address, starting with https://'), abort: true })
    .max(WEB_ADDRESS_LIMITS.urlMax, atMost('Web address', WEB_ADDRESS_LIMITS.urlMax))
    .refine(isWebAddress, say('Web address', 'write a whole web address, such as https://example.com/hooks/automate')),
  bodyMode: z
    .enum(WEB_ADDRESS_BODY_MODES, say('Body', 'choose the record as JSON, or a body you write'))
    .default('json'),
  body: optionalText(ACTION_TEXT_LABELS.SendToWebAddress.body, TRIGGER_LIMITS.textMax),
  headers: z
    .array(webAddressHeader, say('Headers', 'give a list of headers'))
    .max(WEB_ADDRESS_LIMITS.headersMax, say('Headers', `add at most ${WEB_ADDRESS_LIMITS.headersMax} headers`))
    .default([]),
}).refine((value) => value.bodyMode !== 'template' || value.body.length > 0, {
  path: ['body'],
  ...say(ACTION_TEXT_LABELS.SendToWebAddress.body, 'write the body, or send the record as JSON'),
});

/** An absolute http(s) address: the scheme, a host (no user name or password), an optional port and path. */
const WEB_ADDRESS = /^https?:\/\/([^\s/?#@:[\]]+|\[[0-9a-fA-F:.]+\])(:\d{1,5})?([/?#]\S*)?$/i;

/** Whether `text` is a whole http(s) address (whether plain http may be used is the server's rule). */
function isWebAddress(text: string): boolean {
  return WEB_ADDRESS.test(text);
}

/** The host (and port) a web address names, or the whole text when it is not one. */
export function webAddressHost(text: string): string {
  const match = WEB_ADDRESS.exec(text);
  return match ? `${match[1]}${match[2] ?? ''}`.toLowerCase() : text;
}

const textParams = params({
  message: requiredText(ACTION_TEXT_LABELS.Job_SendText.message, 'write the message', TRIGGER_LIMITS.smsMax),
});
const appendParams = (label: string, todo = 'write the text to add') =>
  params({ text: requiredText(label, todo, TRIGGER_LIMITS.textMax) });

// ---------------------------------------------------------------------------------------------
// The definition.

// ---------------------------------------------------------------------------------------------
// The definition.

export const TriggerDelay = z.object(
  {
    amount: z
      .number(say('Wait', 'give a whole number'))
      .int(say('Wait', 'give a whole number'))
      .positive(say('Wait', 'give at least 1'))
      .max(TRIGGER_LIMITS.delayAmountMax, say('Wait', `give at most ${TRIGGER_LIMITS.delayAmountMax}`)),
    unit: z.enum(TIME_UNITS, say('Unit', `choose ${orList(TIME_UNITS)}`)),
    /**
     * Absent or `Event`: the run is due `amount unit` after the event. `BookingStart` (“A job is
     * scheduled” only): due `amount unit` before the booking starts.
     */
    from: z.enum(DELAY_BASES, say('Counted from', 'choose after the event or before the booking starts')).optional(),
  },
  say('After a delay', 'give how long to wait and its unit'),
);
export type TriggerDelay = z.infer<typeof TriggerDelay>;

/**
 * The schemas of a definition whose ServiceM8 records are written as `reference` says: triggers by
 * uuid, templates by name. Everything else (types, texts, limits, messages) is the same for both.
 */
/**
 * `name` prefixes the names of the recursive schemas (a group holds groups), which the OpenAPI
 * document can only give as named components that refer to themselves.
 */
export function definitionSchemas(reference: RecordReference, name = '') {
  // A form field is named together with the form it belongs to.
  const formFieldParams = {
    formUuid: reference('Form', 'a form'),
    field: reference('Field', 'a field of the form'),
  };

  const badgeParams = params({ badgeUuid: reference('Badge', 'a badge') });

  const conditionOptions = [
    condition('IsCreated', noParams),
    condition('JobIsStatus', params({ status: jobStatus('Status') })),
    condition('JobIsCategory', params({ categoryUuid: reference('Category', 'a category') })),
    condition('JobIsScheduled', noParams),
    condition('JobIsCompleted', noParams),
    condition('JobIsInQueue', params({ queueUuid: reference('Queue', 'a queue') })),
    condition('JobQuoted', noParams),
    condition('JobQuoteSent', noParams),
    condition('JobQuoteApproved', noParams),
    condition('JobInvoiceSent', noParams),
    condition('JobInvoiceApproved', noParams),
    condition('JobPaymentMade', noParams),
    condition('ClientHasBadge', params({ badgeUuid: reference('Badge', 'a badge') })),
    condition('JobHasBadge', params({ badgeUuid: reference('Badge', 'a badge') })),
    condition('JobHasAllBadges', params({ badgeUuids: recordList(reference, 'Badges', 'a badge', 'badges') })),
    condition('ClientHasAllBadges', params({ badgeUuids: recordList(reference, 'Badges', 'a badge', 'badges') })),
    condition('FormIsType', params({ formUuid: reference('Form', 'a form') })),
    condition('JobExcludesBadges', params({ badgeUuids: recordList(reference, 'Badges', 'a badge', 'badges') })),
    condition(
      'JobExcludesCategories',
      params({ categoryUuids: recordList(reference, 'Categories', 'a category', 'categories') }),
    ),
    condition('JobExcludesQueues', params({ queueUuids: recordList(reference, 'Queues', 'a queue', 'queues') })),
    condition('JobExcludesStatuses', params({ statuses: jobStatusList('Statuses') })),
    condition('ClientExcludesBadges', params({ badgeUuids: recordList(reference, 'Badges', 'a badge', 'badges') })),
    condition(
      'FormFieldTextIncludes',
      params({
        ...formFieldParams,
        text: requiredText('Contains the words', 'write the words to look for', TRIGGER_LIMITS.fieldNameMax),
      }),
    ),
    condition(
      'FormFieldNumberMatches',
      params({
        ...formFieldParams,
        operator: comparisonOperator,
        value: z.number(say('Number', 'give a number')),
      }),
    ),
    condition(
      'FormFieldChoiceMatches',
      params({
        ...formFieldParams,
        choice: requiredText('The answer is', 'choose an answer', TRIGGER_LIMITS.fieldNameMax),
      }),
    ),
    condition(
      'FormFieldDateMatches',
      params({ ...formFieldParams, operator: comparisonOperator, value: isoDate('Date') }),
    ),
    condition(
      'FormFieldMultiChoiceIncludes',
      params({
        ...formFieldParams,
        choice: requiredText('Includes the answer', 'choose an answer', TRIGGER_LIMITS.fieldNameMax),
      }),
    ),
  ] as const;

  const conditionTypes = typesOf(conditionOptions);
  const unknownCondition = `type must be one of the ${conditionTypes.length} conditions (${oneOf(conditionTypes)}), or the item must be a group with a combiner and items.`;

  /** One condition, e.g. `{ type: 'JobHasBadge', params: { badgeUuid } }`. */
  const Condition = z.discriminatedUnion('type', conditionOptions, {
    error: `type must be one of the ${conditionTypes.length} conditions: ${oneOf(conditionTypes)}.`,
  });

  /**
   * Conditions combined with And or Or; an item is a condition or another group. A group may carry
   * `type: 'Group'`, which is what tells it from a condition when it has neither combiner nor items.
   */
  const ConditionGroup = z.object({
    type: z.literal('Group').optional(),
    combiner: z.enum(LOGICAL_COMBINERS, say('Run when', `choose ${LOGICAL_COMBINERS.join(' or ')}`)),
    get items(): z.ZodArray<typeof ConditionItem> {
      return z
        .array(ConditionItem, say('Conditions', 'give a list of conditions and groups'))
        .max(
          TRIGGER_LIMITS.groupItemsMax,
          say('Conditions', `a group can hold at most ${TRIGGER_LIMITS.groupItemsMax} conditions and groups`),
        );
    },
  });

  const ConditionItem = z.discriminatedUnion('type', [...conditionOptions, ConditionGroup], {
    error: unknownCondition,
  });
  z.globalRegistry.add(ConditionGroup, { id: `${name}ConditionGroup` });

  const actionOptions = [
    action('Job_AddBadge', badgeParams),
    action('Job_RemoveBadge', badgeParams),
    action('Job_SendEmail', emailParams),
    action('Job_ChangeStatus', params({ status: jobStatus('New status') })),
    action('Job_AddToQueue', params({ queueUuid: reference('Queue', 'a queue') })),
    action('Job_AddNote', appendParams(ACTION_TEXT_LABELS.Job_AddNote.text, 'write the note')),
    action('Job_AddDescription', appendParams(ACTION_TEXT_LABELS.Job_AddDescription.text)),
    action('Job_AddWorkDoneDescription', appendParams(ACTION_TEXT_LABELS.Job_AddWorkDoneDescription.text)),
    action(
      'Job_AddService',
      params({
        materialUuid: reference('Service (from your price list)', 'a service of your price list'),
        quantity: z
          .number(say('Quantity', 'give a number'))
          .positive(say('Quantity', 'give a number greater than 0'))
          .max(TRIGGER_LIMITS.quantityMax, say('Quantity', `give at most ${TRIGGER_LIMITS.quantityMax}`)),
      }),
    ),
    action('Job_SendText', textParams),
    action(
      'Job_SendAttachment',
      params({
        attachmentId: ownId('File', 'upload a file'),
        subject: requiredText(
          ACTION_TEXT_LABELS.Job_SendAttachment.subject,
          'write the subject',
          TRIGGER_LIMITS.subjectMax,
        ),
        body: requiredText(ACTION_TEXT_LABELS.Job_SendAttachment.body, 'write the email', TRIGGER_LIMITS.textMax),
      }),
    ),
    action('JobClient_SendEmail', emailParams),
    action(
      'JobClient_CreateJob',
      params({
        status: jobStatus('Status of the new job'),
        description: requiredText(
          ACTION_TEXT_LABELS.JobClient_CreateJob.description,
          'describe the new job',
          TRIGGER_LIMITS.textMax,
        ),
        categoryUuid: reference('Category', 'a category').optional(),
      }),
    ),
    action('JobClient_SendText', textParams),
    action('SendToWebAddress', WebAddressParams),
  ] as const;

  const actionTypes = typesOf(actionOptions);
  const TriggerAction = z.discriminatedUnion('type', actionOptions, {
    error: `type must be one of the ${actionTypes.length} actions: ${oneOf(actionTypes)}.`,
  });

  const TriggerDefinition = z
    .object({
      name: z
        .string(say('Name', 'give the trigger a name'))
        .trim()
        .min(1, say('Name', 'give the trigger a name'))
        .max(TRIGGER_LIMITS.nameMax, atMost('Name', TRIGGER_LIMITS.nameMax)),
      description: optionalText('Description', TRIGGER_LIMITS.descriptionMax),
      enabled: z.boolean(say('Enabled', 'give true or false')),
      event: z.enum(
        TRIGGER_EVENTS,
        say('When', `choose one of the ${TRIGGER_EVENTS.length} events: ${oneOf(TRIGGER_EVENTS)}`),
      ),
      targetKind: z.enum(TARGET_KINDS, say('Works on', `choose ${orList(TARGET_KINDS)}`)),
      conditions: ConditionGroup.default({ combiner: 'And', items: [] }),
      delay: TriggerDelay.optional(),
      recheckBeforeRun: z.boolean(say('Re-check conditions before running', 'give true or false')).default(true),
      /** Urgent messages: the trigger's emails and texts go out even outside the business's quiet hours. */
      ignoreQuietHours: z.boolean(say('Ignore quiet hours', 'give true or false')).default(false),
      actions: z
        .array(TriggerAction, say('Actions', 'give a list of actions'))
        .max(TRIGGER_LIMITS.actionsMax, say('Actions', `add at most ${TRIGGER_LIMITS.actionsMax} actions`)),
    })
    .superRefine((definition, context) => {
      if (definition.enabled && definition.actions.length === 0) {
        context.addIssue({
          code: 'custom',
          path: ['actions'],
          message: 'Actions: add at least one action before enabling the trigger.',
        });
      }
      const seen = new Map<string, number>();
      definition.actions.forEach((item, index) => {
        const first = seen.get(item.id);
        if (first === undefined) seen.set(item.id, index);
        else {
          context.addIssue({
            code: 'custom',
            path: ['actions', index, 'id'],
            message: `${placeOfPath(['actions', index])}id: "${item.id}" is already the id of action ${first + 1}; every action needs its own id.`,
          });
        }
      });
      checkGroupShape(definition.conditions, ['conditions'], 1, context);
    });

  return {
    conditionOptions,
    actionOptions,
    Condition,
    ConditionGroup,
    ConditionItem,
    TriggerAction,
    TriggerDefinition,
  };
}

const byUuid = definitionSchemas(sm8Uuid);

/** Every condition type, in the order the editor offers them. */
export const AUTOMATION_CONDITIONS = typesOf(byUuid.conditionOptions);
export const AutomationCondition = z.enum(AUTOMATION_CONDITIONS);
export type AutomationCondition = z.infer<typeof AutomationCondition>;

/** One condition, e.g. `{ type: 'JobHasBadge', params: { badgeUuid } }`. */
export const Condition = byUuid.Condition;
export type Condition = z.infer<typeof Condition>;
export type ConditionType = Condition['type'];
export type ConditionOf<T extends ConditionType> = Extract<Condition, { type: T }>;

export const ConditionGroup = byUuid.ConditionGroup;
export type ConditionGroup = z.infer<typeof ConditionGroup>;
export const ConditionItem = byUuid.ConditionItem;
export type ConditionItem = z.infer<typeof ConditionItem>;

/** Every action type, in the order the editor offers them. */
export const AUTOMATION_ACTIONS = typesOf(byUuid.actionOptions);
export const AutomationAction = z.enum(AUTOMATION_ACTIONS);
export type AutomationAction = z.infer<typeof AutomationAction>;

export const TriggerAction = byUuid.TriggerAction;
export type TriggerAction = z.infer<typeof TriggerAction>;
export type TriggerActionType = TriggerAction['type'];
export type TriggerActionOf<T extends TriggerActionType> = Extract<TriggerAction, { type: T }>;

/** A trigger's definition: its ServiceM8 records named by uuid. */
export const TriggerDefinition = byUuid.TriggerDefinition;
export type TriggerDefinition = z.infer<typeof TriggerDefinition>;
export type TriggerDefinitionInput = z.input<typeof TriggerDefinition>;

/** Nested groups must hold something and stay within the depth limit (the top group may be empty: no conditions). */
function checkGroupShape(
  group: ConditionGroup,
  path: Array<string | number>,
  depth: number,
  context: z.RefinementCtx,
): void {
  if (depth > TRIGGER_LIMITS.conditionDepthMax) {
    context.addIssue({
      code: 'custom',
      path,
      message: `Conditions: groups can nest at most ${TRIGGER_LIMITS.conditionDepthMax} levels deep.`,
    });
    return;
  }
  if (depth > 1 && group.items.length === 0) {
    context.addIssue({
      code: 'custom',
      path: [...path, 'items'],
      message: `${placeOfPath(path).replace(/^Condition/, 'Group')}the group is empty: add a condition to it or remove it.`,
    });
  }
  group.items.forEach((item, index) => {
    if (isConditionGroup(item)) checkGroupShape(item, [...path, 'items', index], depth + 1, context);
  });
}

// ---------------------------------------------------------------------------------------------
// References: what a definition points at, for checking against the vendor's synced data.

/** ServiceM8 records (synced reference data) are named by `uuid`; our own records by `id`. */
export const SM8_REFERENCE_KINDS = ['badge', 'queue', 'category', 'form', 'formfield', 'material'] as const;
export const OWN_REFERENCE_KINDS = ['emailTemplate', 'attachment'] as const;
export const REFERENCE_KINDS = [...SM8_REFERENCE_KINDS, ...OWN_REFERENCE_KINDS] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export const TriggerReference = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['badge', 'queue', 'category', 'form', 'material']),
    uuid: z.string(),
    where: z.string(),
    param: z.string(),
  }),
  z.object({
    kind: z.literal('formfield'),
    uuid: z.string(),
    formUuid: z.string(),
    where: z.string(),
    param: z.string(),
  }),
  z.object({ kind: z.enum(OWN_REFERENCE_KINDS), id: z.string(), where: z.string(), param: z.string() }),
]);
/**
 * One use of a referenced record: `where` is the condition or action using it
 * (`conditions.items[0].items[1]`, `actions[2]`), `param` the parameter holding it (`badgeUuids[1]`).
 */
export type TriggerReference = z.infer<typeof TriggerReference>;

/** Every reference a definition makes, in the order they appear (conditions depth-first, then actions). */
export function referencesOf(definition: Pick<TriggerDefinition, 'conditions' | 'actions'>): TriggerReference[] {
  const found: TriggerReference[] = [];
  collectConditionReferences(definition.conditions, 'conditions', found);
  definition.actions.forEach((item, index) => {
    collectActionReferences(item, `actions[${index}]`, found);
  });
  return found;
}

type Sm8Kind = 'badge' | 'queue' | 'category' | 'form' | 'material';

function collectConditionReferences(group: ConditionGroup, where: string, found: TriggerReference[]): void {
  group.items.forEach((item, index) => {
    const at = `${where}.items[${index}]`;
    if (isConditionGroup(item)) {
      collectConditionReferences(item, at, found);
      return;
    }
    const one = (kind: Sm8Kind, uuid: string, param: string) => found.push({ kind, uuid, where: at, param });
    const many = (kind: Sm8Kind, uuids: readonly string[], param: string) => {
      uuids.forEach((uuid, position) => {
        one(kind, uuid, `${param}[${position}]`);
      });
    };
    const field = (formUuid: string, uuid: string) => {
      one('form', formUuid, 'formUuid');
      found.push({ kind: 'formfield', uuid, formUuid, where: at, param: 'field' });
    };
    switch (item.type) {
      case 'JobIsCategory':
        one('category', item.params.categoryUuid, 'categoryUuid');
        break;
      case 'JobIsInQueue':
        one('queue', item.params.queueUuid, 'queueUuid');
        break;
      case 'ClientHasBadge':
      case 'JobHasBadge':
        one('badge', item.params.badgeUuid, 'badgeUuid');
        break;
      case 'JobHasAllBadges':
      case 'ClientHasAllBadges':
      case 'JobExcludesBadges':
      case 'ClientExcludesBadges':
        many('badge', item.params.badgeUuids, 'badgeUuids');
        break;
      case 'JobExcludesCategories':
        many('category', item.params.categoryUuids, 'categoryUuids');
        break;
      case 'JobExcludesQueues':
        many('queue', item.params.queueUuids, 'queueUuids');
        break;
      case 'FormIsType':
        one('form', item.params.formUuid, 'formUuid');
        break;
      case 'FormFieldTextIncludes':
      case 'FormFieldNumberMatches':
      case 'FormFieldChoiceMatches':
      case 'FormFieldDateMatches':
      case 'FormFieldMultiChoiceIncludes':
        field(item.params.formUuid, item.params.field);
        break;
      default:
        break;
    }
  });
}

function collectActionReferences(item: TriggerAction, where: string, found: TriggerReference[]): void {
  switch (item.type) {
    case 'Job_AddBadge':
    case 'Job_RemoveBadge':
      found.push({ kind: 'badge', uuid: item.params.badgeUuid, where, param: 'badgeUuid' });
      break;
    case 'Job_AddToQueue':
      found.push({ kind: 'queue', uuid: item.params.queueUuid, where, param: 'queueUuid' });
      break;
    case 'Job_AddService':
      found.push({ kind: 'material', uuid: item.params.materialUuid, where, param: 'materialUuid' });
      break;
    case 'Job_SendEmail':
    case 'JobClient_SendEmail':
      if (item.params.emailTemplateId) {
        found.push({ kind: 'emailTemplate', id: item.params.emailTemplateId, where, param: 'emailTemplateId' });
      }
      break;
    case 'Job_SendAttachment':
      found.push({ kind: 'attachment', id: item.params.attachmentId, where, param: 'attachmentId' });
      break;
    case 'JobClient_CreateJob':
      if (item.params.categoryUuid) {
        found.push({ kind: 'category', uuid: item.params.categoryUuid, where, param: 'categoryUuid' });
      }
      break;
    default:
      break;
  }
}

/** Words for the comparison operators, for editors and run logs. */
export const COMPARISON_WORDS: Record<ComparisonOperator, { number: string; date: string }> = {
  Eq: { number: 'equal to', date: 'on' },
  NotEq: { number: 'not equal to', date: 'not on' },
  Lt: { number: 'less than', date: 'before' },
  LtEq: { number: 'at most', date: 'on or before' },
  Gt: { number: 'greater than', date: 'after' },
  GtEq: { number: 'at least', date: 'on or after' },
};
