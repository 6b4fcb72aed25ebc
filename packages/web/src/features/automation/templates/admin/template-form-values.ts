import {
  type TemplateCategory,
  type TriggerTemplateInput as TemplateInput,
  type TriggerTemplate,
  TriggerTemplateInput,
} from '@automate/contract';
import type { FieldErrorMap } from '@/lib/form-errors.ts';
import { mapIssues } from '../../editor/issue-paths.ts';
import {
  draftFromDefinition,
  draftToDefinition,
  emptyDraft,
  sameDefinition,
  type TriggerDraft,
} from '../../editor/trigger-draft.ts';

/** A template as its editor holds it: the library fields, and the definition as the trigger editor's draft. */
export type TemplateFormValues = {
  title: string;
  description: string;
  category: TemplateCategory;
  published: boolean;
  /** Empty: not recommended to new vendors. */
  onboardingOrder: string;
  draft: TriggerDraft;
};

export function toTemplateValues(template: TriggerTemplate | null): TemplateFormValues {
  if (!template) {
    return {
      title: '',
      description: '',
      category: 'Bookings',
      published: false,
      onboardingOrder: '',
      draft: emptyDraft(),
    };
  }
  return {
    title: template.title,
    description: template.description,
    category: template.category,
    published: template.published,
    onboardingOrder: template.onboardingOrder === null ? '' : String(template.onboardingOrder),
    draft: draftFromDefinition(template.definition),
  };
}

export function sameTemplateValues(a: TemplateFormValues, b: TemplateFormValues): boolean {
  return (
    a.title === b.title &&
    a.description === b.description &&
    a.category === b.category &&
    a.published === b.published &&
    a.onboardingOrder.trim() === b.onboardingOrder.trim() &&
    sameDefinition(a.draft, b.draft)
  );
}

export function toTemplateInput(values: TemplateFormValues): TemplateInput {
  const order = values.onboardingOrder.trim();
  return {
    title: values.title,
    description: values.description,
    category: values.category,
    published: values.published,
    onboardingOrder: order === '' ? null : Number(order),
    // A template is never switched on itself; its copies are.
    definition: { ...draftToDefinition(values.draft), enabled: false },
  };
}

/** The contract's problems: the library fields' under their names, the definition's under the editor's inputs. */
export function validateTemplate(values: TemplateFormValues): FieldErrorMap {
  const parsed = TriggerTemplateInput.safeParse(toTemplateInput(values));
  if (parsed.success) return {};
  const own: Record<string, string> = {};
  const definitionIssues = [];
  for (const issue of parsed.error.issues) {
    const [field, ...rest] = issue.path;
    if (field === 'definition') definitionIssues.push({ path: rest, message: issue.message });
    else if (own[String(field)] === undefined) own[String(field)] = issue.message;
  }
  return { ...own, ...mapIssues(definitionIssues, values.draft) };
}
