import { TriggerTemplateInput } from '@automate/contract';
import type { Db } from '../db/database.ts';
import {
  findArticleBySlug,
  findFaqByQuestion,
  insertArticle,
  insertFaq,
} from '../modules/content/content.repository.ts';
import { listSeedOffers, recordSeedOffers } from '../modules/system/seed-offers.repository.ts';
import { findTemplateByTitle, insertTemplate } from '../modules/trigger-templates/trigger-templates.repository.ts';
import { HELP_ARTICLES, HELP_FAQS } from './help-content.ts';
import { TRIGGER_TEMPLATE_LIBRARY } from './trigger-template-library.ts';

/** One built-in item: its stable key, whether the installation has it already, and how to add it. */
type BuiltInItem = { key: string; present(tx: Db): Promise<boolean>; add(tx: Db, now: Date): Promise<void> };

/**
 * Every item Automate ships: the library's templates (key `template:<title>`), the help articles
 * (`article:<category>/<slug>`) and the FAQ entries (`faq:<question>`). A key never changes once
 * shipped: renaming a built-in item ships a new one.
 */
export function builtInItems(): BuiltInItem[] {
  return [
    ...TRIGGER_TEMPLATE_LIBRARY.map((template) => ({
      key: `template:${template.title}`,
      present: async (tx: Db) => (await findTemplateByTitle(tx, template.title)) !== undefined,
      add: async (tx: Db, now: Date) => {
        await insertTemplate(tx, TriggerTemplateInput.parse(template), now);
      },
    })),
    ...HELP_ARTICLES.map((article) => ({
      key: `article:${article.category}/${article.slug}`,
      present: async (tx: Db) => (await findArticleBySlug(tx, article.category, article.slug)) !== undefined,
      add: async (tx: Db) => {
        await insertArticle(tx, { ...article, published: true });
      },
    })),
    ...HELP_FAQS.map((faq, index) => ({
      key: `faq:${faq.question}`,
      present: async (tx: Db) => (await findFaqByQuestion(tx, faq.question)) !== undefined,
      add: async (tx: Db) => {
        await insertFaq(tx, { ...faq, sortOrder: (index + 1) * 10, published: true });
      },
    })),
  ];
}

/**
 * Offers each built-in item the installation has not been offered yet, once: added unless an item
 * with its key is there already, and recorded in `seed_offers` either way. So a new installation gets
 * everything, an existing one gets what a new version adds, and an item a super admin deleted (or
 * changed) is left as they left it. The migration that made the ledger recorded the items installations
 * had been given before it.
 */
export async function offerBuiltInContent(tx: Db, now: Date): Promise<string[]> {
  const offered = await listSeedOffers(tx);
  const fresh = builtInItems().filter((item) => !offered.has(item.key));
  const added: string[] = [];
  for (const item of fresh) {
    if (await item.present(tx)) continue;
    await item.add(tx, now);
    added.push(item.key);
  }
  await recordSeedOffers(
    tx,
    fresh.map((item) => item.key),
    now,
  );
  return added;
}
