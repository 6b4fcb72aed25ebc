import { z } from 'zod';
import { Trigger } from './automation.ts';
import { atMost, say } from './field-words.ts';
import { definitionIssues } from './trigger-rules.ts';
import { actionName } from './trigger-words.ts';
import { definitionSchemas, sm8Name, type TriggerDefinition } from './triggers.ts';

/**
 * Trigger templates: ready automations whose ServiceM8 records (badges, queues, categories, forms,
 * fields, materials) are written by name, copied onto a vendor's own records.
 */

/** The gallery's sections, in the order it shows them. */
export const TEMPLATE_CATEGORIES = [
  'Bookings',
  'Quotes',
  'Invoices & payments',
  'Reviews',
  'Follow-ups',
  'Forms',
  'Other systems',
] as const;
export const TemplateCategory = z.enum(
  TEMPLATE_CATEGORIES,
  say('Category', `choose one of ${TEMPLATE_CATEGORIES.join(', ')}`),
);
export type TemplateCategory = z.infer<typeof TemplateCategory>;

export const TEMPLATE_LIMITS = { titleMax: 100, descriptionMax: 1000, onboardingOrderMax: 1000 } as const;

/**
 * A definition whose ServiceM8 records are written by name ("Quote Follow-up"), as templates keep
 * them: the same types as `TriggerDefinition`, with a name where a trigger has a uuid. Built here, where
 * templates are read, not beside `TriggerDefinition`: the editor and the run log need only that one.
 */
export const NamedTriggerDefinition = definitionSchemas(sm8Name, 'Named').TriggerDefinition;

/**
 * A template's definition: the trigger definition with records by name, keeping its event's rules. It
 * cannot name an email template or carry a file: those are each vendor's own. Its emails are written
 * out (subject and body) and become the vendor's email templates when it is copied.
 */
export const TemplateDefinition = NamedTriggerDefinition.superRefine((definition, context) => {
  for (const issue of definitionIssues(definition)) {
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
  definition.actions.forEach((action, index) => {
    const name = actionName(index, action.type);
    if (action.type === 'Job_SendAttachment') {
      context.addIssue({
        code: 'custom',
        path: ['actions', index, 'type'],
        message: `${name} sends a file a vendor uploads, which a template cannot carry; write an email instead.`,
      });
    }
    if ((action.type === 'Job_SendEmail' || action.type === 'JobClient_SendEmail') && action.params.emailTemplateId) {
      context.addIssue({
        code: 'custom',
        path: ['actions', index, 'params', 'emailTemplateId'],
        message: `${name}: write the subject and body; a template cannot name an email template, as those belong to each vendor.`,
      });
    }
  });
});

const title = z
  .string(say('Title', 'give the template a title'))
  .trim()
  .min(1, say('Title', 'give the template a title'))
  .max(TEMPLATE_LIMITS.titleMax, atMost('Title', TEMPLATE_LIMITS.titleMax));

const description = z
  .string(say('Description', 'say what the automation does for the business'))
  .trim()
  .min(1, say('Description', 'say what the automation does for the business'))
  .max(TEMPLATE_LIMITS.descriptionMax, atMost('Description', TEMPLATE_LIMITS.descriptionMax));

/** Where a template comes in the onboarding's recommendations (1 first); null: not recommended. */
const onboardingOrder = z
  .number(say('Onboarding order', 'give a whole number, or leave it empty when not recommended'))
  .int(say('Onboarding order', 'give a whole number, or leave it empty when not recommended'))
  .min(1, say('Onboarding order', 'give at least 1, or leave it empty when not recommended'))
  .max(
    TEMPLATE_LIMITS.onboardingOrderMax,
    say('Onboarding order', `give at most ${TEMPLATE_LIMITS.onboardingOrderMax}`),
  )
  .nullable();

/** What a super admin saves. */
export const TriggerTemplateInput = z.object({
  title,
  description,
  category: TemplateCategory,
  published: z.boolean(say('Published', 'give true or false')).default(false),
  onboardingOrder: onboardingOrder.default(null),
  definition: TemplateDefinition,
});
export type TriggerTemplateInput = z.input<typeof TriggerTemplateInput>;

export const TriggerTemplate = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: TemplateCategory,
  published: z.boolean(),
  onboardingOrder: z.number().int().nullable(),
  definition: NamedTriggerDefinition,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TriggerTemplate = z.infer<typeof TriggerTemplate>;
/** A template's definition as stored: the trigger definition's types, with names where a trigger has uuids. */
export type TemplateDefinition = TriggerDefinition;

/**
 * `POST /TriggerTemplate/{id}/copy/{vendorId}`: `mappings` gives the record (uuid) to use for a name the
 * vendor's account lacks, keyed as the 409 answer's `unresolved[].key`; `createMissing` creates a missing
 * badge or queue in ServiceM8.
 */
export const TemplateCopyRequest = z.object({
  mappings: z
    .record(z.string(), z.string().trim().min(1, 'Each mapping must name the uuid of one of your records.'), {
      error: 'mappings must be an object of reference keys to record uuids.',
    })
    .default({}),
  createMissing: z.boolean({ error: 'createMissing must be true or false.' }).default(false),
});
export type TemplateCopyRequest = z.input<typeof TemplateCopyRequest>;

export const TemplateCopy = z.object({
  trigger: Trigger,
  /** Badges and queues created in ServiceM8 for the copy. */
  created: z.array(z.object({ kind: z.enum(['badge', 'queue']), name: z.string(), uuid: z.string() })),
  /** The vendor email templates made from the template's emails. */
  emailTemplates: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TemplateCopy = z.infer<typeof TemplateCopy>;
