/**
 * Every behaviour of ServiceM8 that its public material does not settle, in one place. The simulator
 * implements each with a default (the best-supported reading) and can be switched to each plausible
 * alternative, so the server is tested against all of them, not only against our first guess.
 *
 * `source` says what the default rests on; "unverified" means no public source shows it.
 */

export type Assumption<Choice extends string> = {
  /** What is not known, in a sentence. */
  question: string;
  /** What the default rests on, or "unverified". */
  source: string;
  choices: Record<Choice, string>;
  default: NoInfer<Choice>;
};

function assumption<const Choice extends string>(definition: Assumption<Choice>): Assumption<Choice> {
  return definition;
}

export const ASSUMPTIONS = {
  eventBodyLayout: assumption({
    question: 'The JSON layout of an event-webhook delivery (job.created, job.status_changed, …).',
    source:
      "ServiceM8's official n8n trigger reads a top-level `type` and `createdAt`; a third-party capture shows " +
      '`{id, type, data}` with the whole record in `data`. Not documented by ServiceM8.',
    choices: {
      'type-data': '`{"id","type","createdAt","data": {…the record…}}` (the default)',
      'type-uuid': '`{"id","type","createdAt","data": {"uuid"}}`: the record named, not included',
      'event-data': '`{"event","timestamp","data": {…}}`',
      'sdk-webhook-event':
        '`{"event_type","timestamp","data": {…},"metadata": {"attempt","signature"}}` (a schema in the SDK description that nothing uses)',
      'addon-envelope': '`{"eventVersion","eventName","eventArgs": {…}}` (the add-on event shape)',
    },
    default: 'type-data',
  }),
  deliveryContentType: assumption({
    question: 'The Content-Type header of webhook deliveries (object and event).',
    source: 'unverified: the docs say deliveries are JSON POSTs but not which header they carry.',
    choices: {
      json: '`application/json` (the default)',
      text: '`text/plain` with a JSON body',
      none: 'no Content-Type header, a JSON body',
      form: '`application/x-www-form-urlencoded`, one field per top-level key (objects and lists as JSON text)',
    },
    default: 'json',
  }),
  oauthStateEcho: assumption({
    question: 'Whether the OAuth redirect back to the app carries the `state` the app sent.',
    source: 'unverified: integrators send `state`; no source says ServiceM8 returns it.',
    choices: {
      echo: 'the redirect carries `state` (the default, as OAuth 2.0 requires)',
      omit: 'the redirect carries only `code`',
    },
    default: 'echo',
  }),
  failuresBeforeDeactivation: assumption({
    question: 'How many failed deliveries in a row make ServiceM8 deactivate a webhook subscription.',
    source: 'unverified: the docs say repeated failures or timeouts deactivate it, not how many.',
    choices: {
      '5': 'five (the default)',
      '1': 'the first failure',
      '20': 'twenty',
    },
    default: '5',
  }),
  formFieldDataLayout: assumption({
    question: 'The layout of `formresponse.field_data`, the answers of a submitted form.',
    source: 'The docs say a JSON-encoded array of the answers; the element shape is unverified.',
    choices: {
      'array-by-uuid': 'a JSON string of `[{"field_uuid","name","value"}]` (the default)',
      'array-by-name': 'a JSON string of `[{"name","value"}]`, no field uuids',
      'object-by-uuid': 'a JSON string of `{"<field uuid>": "<value>"}`',
      'parsed-array': 'an array of `{"field_uuid","name","value"}`, not a JSON string',
    },
    default: 'array-by-uuid',
  }),
  addonCallbackMethod: assumption({
    question: "How ServiceM8 opens a web-service add-on's callback when a staff member uses it.",
    source:
      'ServiceM8 docs: an HTTPS POST whose body is the event JWT, answered with `{"eventResponse": "<html>"}`. ' +
      'How the body is labelled is not documented.',
    choices: {
      'post-text': 'POST, the JWT as the body with `text/plain` (the default)',
      'post-none': 'POST, the JWT as the body with no Content-Type',
      'post-form': 'POST, `application/x-www-form-urlencoded` with the JWT in a `jwt` field',
    },
    default: 'post-text',
  }),
  editDateFilter: assumption({
    question: "Whether ServiceM8 applies an `edit_date gt '…'` filter to a list, or returns every record.",
    source:
      'ServiceM8 docs: `$filter` on `edit_date` narrows a list; they also say a filter ServiceM8 cannot read is ' +
      'silently ignored and every record returned, which a filter encoded in an unexpected way would meet.',
    choices: {
      applied: 'the filter narrows the list (the default)',
      ignored: 'the filter is ignored: every record is returned, as for a filter ServiceM8 cannot read',
    },
    default: 'applied',
  }),
  orderBy: assumption({
    question:
      'Whether a list honours `$orderby` (`<field> [asc|desc]`), the OData spelling of the undocumented `$sort`.',
    source:
      'unverified: ServiceM8 documents neither; third-party code sends `$sort`, and `$filter` follows OData, whose ' +
      'ordering parameter is `$orderby`. Automate sends neither and orders what it lists itself.',
    choices: {
      ignored: '`$orderby` is ignored: the records come in stored order (the default)',
      honoured: '`$orderby` sorts the list as `$sort` does',
    },
    default: 'ignored',
  }),
  textComparison: assumption({
    question: 'Whether the comparisons of a `$filter` (`eq`, `ne`, `gt`, `lt`) treat text case-insensitively.',
    source:
      'unverified: the docs do not say; ServiceM8 keeps its records in MySQL, whose default collations compare ' +
      'text case-insensitively, so `email eq' +
      " 'Ann@x.nz'" +
      '` very likely finds `ann@x.nz`.',
    choices: {
      'case-insensitive': "text compares regardless of case: `eq 'abc'` finds `ABC` (the default)",
      'case-sensitive': 'text compares exactly, character by character',
    },
    default: 'case-insensitive',
  }),
  pathSpelling: assumption({
    question: 'Which spellings of an object name in a REST path ServiceM8 accepts.',
    source:
      'ServiceM8 names objects in lower case (`job.json`); its official samples also send `Job.json` and ' +
      '`Attachment.json`; its SDK description reads one attachment or note at `dboattachment/{uuid}.json` / ' +
      '`dbonote/{uuid}.json`, its n8n node at `attachment/{uuid}.json`.',
    choices: {
      any: 'any case, and `dboattachment` / `dbonote` wherever `attachment` / `note` go (the default)',
      'sdk-exact':
        'lower case only; one attachment or note record only at `dboattachment/{uuid}.json` / `dbonote/{uuid}.json`, ' +
        'their lists and creates only at `attachment.json` / `note.json`',
      'plain-exact': 'lower case only, and only the plain names: no `dboattachment` or `dbonote` anywhere',
    },
    default: 'any',
  }),
} as const;

export type AssumptionName = keyof typeof ASSUMPTIONS;
export type AssumptionChoice<Name extends AssumptionName> = keyof (typeof ASSUMPTIONS)[Name]['choices'] & string;
export type AssumptionChoices = { [Name in AssumptionName]: AssumptionChoice<Name> };

export function defaultAssumptions(): AssumptionChoices {
  return Object.fromEntries(
    Object.entries(ASSUMPTIONS).map(([name, definition]) => [name, definition.default]),
  ) as AssumptionChoices;
}

/**
 * Readings chosen in the environment, `SM8_SIM_ASSUMPTIONS=name=choice,name=choice`, so that a test file can
 * be run as it stands under another reading. An unknown name or choice throws, naming the known ones.
 */
export function assumptionsFromEnvironment(text: string | undefined): Partial<AssumptionChoices> {
  const chosen: Record<string, string> = {};
  for (const entry of (text ?? '').split(',')) {
    if (entry.trim() === '') continue;
    const [name = '', choice = ''] = entry.split('=').map((part) => part.trim());
    const definition = (ASSUMPTIONS as Record<string, Assumption<string>>)[name];
    if (!definition) {
      throw new Error(
        `SM8_SIM_ASSUMPTIONS names no assumption "${name}" (known: ${Object.keys(ASSUMPTIONS).join(', ')})`,
      );
    }
    if (!Object.hasOwn(definition.choices, choice)) {
      throw new Error(
        `SM8_SIM_ASSUMPTIONS: "${choice}" is not a reading of ${name} (${Object.keys(definition.choices).join(', ')})`,
      );
    }
    chosen[name] = choice;
  }
  return chosen as Partial<AssumptionChoices>;
}

/** Every alternative of one assumption, for tests that must pass under each. */
export function choicesOf<Name extends AssumptionName>(name: Name): AssumptionChoice<Name>[] {
  return Object.keys(ASSUMPTIONS[name].choices) as AssumptionChoice<Name>[];
}
