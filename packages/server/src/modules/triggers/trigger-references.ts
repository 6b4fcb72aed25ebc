import {
  actionName,
  type ConditionItem,
  conditionName,
  isConditionGroup,
  referencesOf,
  type TriggerDefinition,
  type TriggerReference,
} from '@automate/contract';

/**
 * Whether the records a trigger definition points at exist: the ServiceM8 reference data synced for
 * the vendor (badges, queues, categories, forms and their fields, materials), the vendor's email
 * templates and the files uploaded for the trigger. Pure: the service loads what is available.
 */

export type Sm8ReferenceKind = Extract<TriggerReference, { uuid: string }>['kind'];

/** A synced ServiceM8 record as validation needs it. */
export type AvailableSm8Item = {
  kind: Sm8ReferenceKind;
  uuid: string;
  name: string;
  active: boolean;
  /** For a form field: the form it belongs to. */
  formUuid?: string | undefined;
};

export type AvailableReferences = {
  sm8: readonly AvailableSm8Item[];
  emailTemplateIds: ReadonlySet<string>;
  attachmentIds: ReadonlySet<string>;
};

export type ReferenceProblem = {
  reference: TriggerReference;
  /** The field path of the parameter, as schema errors name it: `actions.1.params.badgeUuid`. */
  path: string;
  /** A sentence naming the condition or action, the record and what to do. */
  message: string;
};

const NOUNS: Record<Sm8ReferenceKind, string> = {
  badge: 'badge',
  queue: 'queue',
  category: 'category',
  form: 'form',
  formfield: 'form field',
  material: 'material',
};

const sm8Key = (kind: string, uuid: string) => `${kind}:${uuid.toLowerCase()}`;

/** Every reference of the definition that is missing, inactive or (a form field) not in its form. */
export function findMissingReferences(
  definition: Pick<TriggerDefinition, 'conditions' | 'actions'>,
  available: AvailableReferences,
): ReferenceProblem[] {
  const items = new Map(available.sm8.map((item) => [sm8Key(item.kind, item.uuid), item]));
  const problems: ReferenceProblem[] = [];
  for (const reference of referencesOf(definition)) {
    const label = nameAt(definition, reference.where);
    const problem = (message: string) =>
      problems.push({ reference, path: fieldPath(reference.where, reference.param), message: `${label}: ${message}` });
    switch (reference.kind) {
      case 'emailTemplate':
        if (!available.emailTemplateIds.has(reference.id)) {
          problem(
            `the email template ${reference.id} does not exist (it may have been deleted). Pick another template.`,
          );
        }
        break;
      case 'attachment':
        if (!available.attachmentIds.has(reference.id)) {
          problem(
            `the file ${reference.id} was not uploaded for this trigger (or it was deleted). Upload the file for this action again.`,
          );
        }
        break;
      default: {
        const noun = NOUNS[reference.kind];
        const item = items.get(sm8Key(reference.kind, reference.uuid));
        if (!item) {
          problem(
            `the ${noun} ${reference.uuid} is not in your ServiceM8 account (or it was deleted). Sync with ServiceM8 or pick another ${noun}.`,
          );
        } else if (!item.active) {
          problem(
            `the ${noun} "${item.name}" is inactive in ServiceM8. Make it active in ServiceM8 and sync, or pick another ${noun}.`,
          );
        } else if (
          reference.kind === 'formfield' &&
          item.formUuid?.toLowerCase() !== reference.formUuid.toLowerCase()
        ) {
          const form = items.get(sm8Key('form', reference.formUuid));
          const formName = form ? `"${form.name}"` : reference.formUuid;
          problem(`the field "${item.name}" is not a field of the form ${formName}. Pick a field of that form.`);
        }
      }
    }
  }
  return problems;
}

/** `conditions.items[0].items[1]` + `badgeUuids[1]` → `conditions.items.0.items.1.params.badgeUuids.1`. */
export function fieldPath(where: string, param: string): string {
  return `${where}.params.${param}`.replace(/\[(\d+)\]/g, '.$1');
}

/** The condition or action at `where` (`actions[2]`, `conditions.items[0].items[1]`) as the editor names it. */
function nameAt(definition: Pick<TriggerDefinition, 'conditions' | 'actions'>, where: string): string {
  const actionAt = /^actions\[(\d+)\]$/.exec(where);
  if (actionAt) {
    const index = Number(actionAt[1]);
    const action = definition.actions[index];
    return action ? actionName(index, action.type) : `Action ${index + 1}`;
  }
  let item: ConditionItem | undefined = definition.conditions;
  for (const [, index] of where.matchAll(/items\[(\d+)\]/g)) {
    item = item && isConditionGroup(item) ? item.items[Number(index)] : undefined;
  }
  return item && !isConditionGroup(item) ? conditionName(item.type) : 'A condition';
}
