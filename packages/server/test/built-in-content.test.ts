import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, faqs } from '../src/modules/content/content.schema.ts';
import { seedOffers } from '../src/modules/system/system.schema.ts';
import { triggerTemplates } from '../src/modules/trigger-templates/trigger-templates.schema.ts';
import { builtInItems } from '../src/seed/built-in-content.ts';
import { seed } from '../src/seed/seed.ts';
import { bearer, createUser, tokenFor } from './support/factories.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/**
 * Built-in content reaches installations made before it: the web-address templates and their help
 * article arrive once in a database seeded by the content set before them, starting again adds
 * nothing, and what a super admin deleted (before or after the upgrade) stays deleted.
 */

const NEW_TEMPLATES = ['Post completed jobs to a channel', 'Send new clients to my website'];
const NEW_ARTICLE = { category: 'automations', slug: 'sending-to-a-web-address' };

let services: TestServices;
beforeAll(async () => {
  services = await startTestServices();
});
afterAll(() => services.cleanup());

const db = () => services.deps.database.db;
const start = () => seed(services.deps);

async function templateTitles(): Promise<string[]> {
  return (await db().select({ title: triggerTemplates.title }).from(triggerTemplates)).map((row) => row.title);
}
const countOf = (titles: string[], title: string) => titles.filter((each) => each === title).length;
async function newArticles(): Promise<number> {
  return (
    await db()
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.category, NEW_ARTICLE.category), eq(articles.slug, NEW_ARTICLE.slug)))
  ).length;
}

/** The ledger migration's statement that records what an installation seeded before it was given. */
async function recordEarlierOffers(): Promise<void> {
  const migration = fs.readFileSync(path.resolve(import.meta.dirname, '../drizzle/0030_seed_offers.sql'), 'utf8');
  const statement = migration.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO'));
  if (!statement) throw new Error('the ledger migration records nothing');
  await db().execute(sql.raw(statement));
}

describe('built-in content', () => {
  it('gives a new installation everything, each item recorded as offered', async () => {
    const titles = await templateTitles();
    for (const title of NEW_TEMPLATES) expect(countOf(titles, title)).toBe(1);
    expect(await newArticles()).toBe(1);
    const offered = (await db().select({ key: seedOffers.key }).from(seedOffers)).map((row) => row.key).sort();
    expect(offered).toEqual(
      builtInItems()
        .map((item) => item.key)
        .sort(),
    );
  });

  it('adds the web-address templates and article to a database seeded before them, once, leaving deletions deleted', async () => {
    // The database as the earlier version left it: its content without the web-address items, one
    // template a super admin had deleted, no ledger; then the migration records what it was offered.
    await db()
      .delete(triggerTemplates)
      .where(inArray(triggerTemplates.title, [...NEW_TEMPLATES, 'On my way text']));
    await db().delete(articles).where(eq(articles.slug, NEW_ARTICLE.slug));
    await db().delete(seedOffers);
    await recordEarlierOffers();
    const faqsBefore = (await db().select({ id: faqs.id }).from(faqs)).length;

    await start();
    const titles = await templateTitles();
    for (const title of NEW_TEMPLATES) expect(countOf(titles, title)).toBe(1);
    expect(await newArticles()).toBe(1);
    expect(titles).not.toContain('On my way text');
    expect((await db().select({ id: faqs.id }).from(faqs)).length).toBe(faqsBefore);

    await start();
    const again = await templateTitles();
    expect(again.sort()).toEqual(titles.sort());
    expect(await newArticles()).toBe(1);

    // A super admin deletes one of the new templates and the article: the next start leaves them deleted.
    const superToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
    const [channel] = await db()
      .select({ id: triggerTemplates.id })
      .from(triggerTemplates)
      .where(eq(triggerTemplates.title, NEW_TEMPLATES[0] ?? ''));
    const deleted = await services.app.inject({
      method: 'DELETE',
      url: `/api/TriggerTemplate/${channel?.id}`,
      headers: bearer(superToken),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await db().delete(articles).where(eq(articles.slug, NEW_ARTICLE.slug));
    await start();
    expect(await templateTitles()).not.toContain(NEW_TEMPLATES[0]);
    expect(await newArticles()).toBe(0);
  });
});
