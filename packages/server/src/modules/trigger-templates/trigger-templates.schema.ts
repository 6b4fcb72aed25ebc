import { TEMPLATE_CATEGORIES, type TemplateDefinition } from '@automate/contract';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const templateCategory = pgEnum('trigger_template_category', TEMPLATE_CATEGORIES);

/**
 * The library of ready automations super admins keep. The definition names ServiceM8 records by name;
 * a copy for a vendor names the vendor's own records by uuid. `onboardingOrder` null: not recommended
 * to new vendors.
 */
export const triggerTemplates = pgTable(
  'trigger_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull(),
    category: templateCategory().notNull(),
    published: boolean().notNull().default(false),
    onboardingOrder: integer(),
    definition: jsonb().$type<TemplateDefinition>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trigger_templates_onboarding_idx').on(t.onboardingOrder)],
);
