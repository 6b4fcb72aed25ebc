/**
 * Validation messages in the words of the screens. Each names the label of the input it is about and
 * says what to do ("Subject: write the subject."); inside a trigger definition it also names the item
 * holding the input ("Action 3, Email template: choose a template."). The item is read from the
 * issue's path when the message is made, so one schema says it right wherever it is parsed: in the
 * editor, in the server's 400 (whose `errors` key is that same path) or inside a trigger template.
 */

type IssuePath = readonly PropertyKey[];

const asIndex = (segment: PropertyKey | undefined): number | null =>
  typeof segment === 'number' ? segment : typeof segment === 'string' && /^\d+$/.test(segment) ? Number(segment) : null;

/**
 * The item of a trigger definition that `path` lies in, as the editor numbers it, followed by ", ":
 * `actions.2…` → "Action 3, ", `conditions.items.1.items.0…` → "Condition 2.1, "; "" outside them.
 */
export function placeOfPath(path: IssuePath): string {
  const actions = path.indexOf('actions');
  const action = actions < 0 ? null : asIndex(path[actions + 1]);
  if (action !== null) return `Action ${action + 1}, `;
  const conditions = path.indexOf('conditions');
  if (conditions < 0) return '';
  const numbers: number[] = [];
  for (let at = conditions + 1; path[at] === 'items'; at += 2) {
    const index = asIndex(path[at + 1]);
    if (index === null) break;
    numbers.push(index + 1);
  }
  return numbers.length > 0 ? `Condition ${numbers.join('.')}, ` : '';
}

/**
 * A zod error parameter whose message is "`label`: `todo`." with the item's place in front
 * (`z.string(say('Subject', 'write the subject'))`, `.max(200, say('Subject', 'use at most 200 characters'))`).
 */
export function say(label: string, todo: string): { error: (issue: { path?: PropertyKey[] | undefined }) => string } {
  return { error: (issue) => `${placeOfPath(issue.path ?? [])}${label}: ${todo}.` };
}

/** `say` for the most common rule, a length limit. */
export const atMost = (label: string, max: number) => say(label, `use at most ${max} characters`);
