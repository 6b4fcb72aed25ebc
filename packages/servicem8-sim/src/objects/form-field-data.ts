import type { AssumptionChoices } from '../assumptions.ts';

/**
 * `formresponse.field_data` is stored as JSON text of `[{"field_uuid","name","value"}]` and shaped by the
 * `formFieldDataLayout` assumption each time a form response is served (the REST API, event webhooks),
 * so switching the assumption at run time changes every answer that follows.
 */

type FormFieldDataLayout = AssumptionChoices['formFieldDataLayout'];
type Answer = { field_uuid?: unknown; name?: unknown; value?: unknown };

function storedAnswers(value: unknown): Answer[] | undefined {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'object' && item !== null)) return undefined;
  return parsed as Answer[];
}

/** The field data in `layout`; a value that is not the stored array (written raw by a client) is left alone. */
function shapeFieldData(layout: FormFieldDataLayout, value: unknown): unknown {
  const answers = storedAnswers(value);
  if (!answers) return value;
  switch (layout) {
    case 'array-by-uuid':
      return JSON.stringify(answers.map(({ field_uuid, name, value }) => ({ field_uuid, name, value })));
    case 'array-by-name':
      return JSON.stringify(answers.map(({ name, value }) => ({ name, value })));
    case 'object-by-uuid':
      return JSON.stringify(Object.fromEntries(answers.map(({ field_uuid, value }) => [String(field_uuid), value])));
    case 'parsed-array':
      return answers.map(({ field_uuid, name, value }) => ({ field_uuid, name, value }));
  }
}

/** A record as served: a form response's `field_data` in the layout; any other record unchanged. */
export function presentRecord<T extends Record<string, unknown>>(
  object: string,
  layout: FormFieldDataLayout,
  record: T,
): T {
  if (object !== 'formresponse' || !('field_data' in record)) return record;
  return { ...record, field_data: shapeFieldData(layout, record.field_data) };
}
