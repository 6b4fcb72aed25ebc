import type { DraftGroup, TriggerDraft } from './trigger-draft.ts';

/**
 * Where a problem with the definition is shown. The contract's issues (`TriggerDefinition.safeParse`)
 * and the server's `errors` both name the field by its path in the definition
 * (`actions.0.params.text`, `conditions.items.1.items.0.params.badgeUuids.2`); the editor shows each
 * under the input it is about, by a key that survives reordering:
 *
 * - `name`, `description`, `enabled`, `event`, `targetKind`, `recheckBeforeRun`, `ignoreQuietHours`, `delay.amount`, `delay.unit`, `delay.from`
 * - `actions` (the list as a whole), `action:{id}` (an action), `action:{id}.{param}` (one of its inputs)
 * - `conditions` (the top group), `condition:{key}` (a condition or nested group), `condition:{key}.{param}`
 * - `''` for anything else (shown above the form).
 */

export type IssuePath = ReadonlyArray<PropertyKey>;
/** Field key → the first sentence about it. */
export type FieldErrors = Readonly<Record<string, string>>;

export const actionKey = (id: string, param?: string) => (param ? `action:${id}.${param}` : `action:${id}`);
export const conditionKey = (key: string, param?: string) => (param ? `condition:${key}.${param}` : `condition:${key}`);

const asIndex = (segment: PropertyKey | undefined): number | null =>
  typeof segment === 'number' ? segment : typeof segment === 'string' && /^\d+$/.test(segment) ? Number(segment) : null;

/** The field key for one issue path. */
export function fieldKeyForPath(path: IssuePath, draft: TriggerDraft): string {
  const [head, ...rest] = path;
  switch (head) {
    case 'name':
    case 'description':
    case 'enabled':
    case 'event':
    case 'targetKind':
    case 'recheckBeforeRun':
    case 'ignoreQuietHours':
      return head;
    case 'delay':
      return rest[0] === 'unit' || rest[0] === 'from' ? `delay.${rest[0]}` : 'delay.amount';
    case 'actions':
      return actionFieldKey(rest, draft);
    case 'conditions':
      return conditionFieldKey(rest, draft.conditions);
    default:
      return '';
  }
}

function actionFieldKey(rest: IssuePath, draft: TriggerDraft): string {
  const index = asIndex(rest[0]);
  const action = index === null ? undefined : draft.actions[index];
  if (!action) return 'actions';
  if (rest[1] === 'params' && typeof rest[2] === 'string') return actionKey(action.id, rest[2]);
  return actionKey(action.id);
}

function conditionFieldKey(rest: IssuePath, top: DraftGroup): string {
  let group = top;
  let key = 'conditions';
  let at = 0;
  while (rest[at] === 'items') {
    const index = asIndex(rest[at + 1]);
    const item = index === null ? undefined : group.items[index];
    if (!item) return key;
    key = conditionKey(item.key);
    at += 2;
    if (item.kind === 'group') {
      group = item;
      continue;
    }
    if (rest[at] === 'params' && typeof rest[at + 1] === 'string') return conditionKey(item.key, String(rest[at + 1]));
    return key;
  }
  return key;
}

/** `body.actions.0.params.text` (the server's way) → `['actions', 0, 'params', 'text']`. */
export function parseServerPath(path: string): Array<string | number> {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((segment, index) => segment !== '' && !(index === 0 && segment === 'body'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/** The first message for each field key, from the contract's issues. */
export function mapIssues(
  issues: ReadonlyArray<{ path: IssuePath; message: string }>,
  draft: TriggerDraft,
): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = fieldKeyForPath(issue.path, draft);
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/** The first message for each field key, from a refused request's `errors` ({ path: [sentences] }). */
export function mapServerErrors(
  fieldErrors: Readonly<Record<string, readonly string[]>>,
  draft: TriggerDraft,
): FieldErrors {
  return mapIssues(
    Object.entries(fieldErrors).flatMap(([path, messages]) =>
      messages.slice(0, 1).map((message) => ({ path: parseServerPath(path), message })),
    ),
    draft,
  );
}

/** The errors without `key` and, with `withChildren`, without the keys of its inputs. */
export function clearErrors(errors: FieldErrors, key: string, withChildren = false): FieldErrors {
  const kept = Object.entries(errors).filter(
    ([field]) => field !== key && !(withChildren && field.startsWith(`${key}.`)),
  );
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}
