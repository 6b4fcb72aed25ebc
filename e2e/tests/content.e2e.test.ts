import { describe, expect, it } from 'vitest';
import { createArticleAsAdmin, TINY_PNG } from '../support/content.ts';
import { demoJourney } from '../support/demo-journey.ts';
import { DEMO_USER, SUPER_ADMIN, saveScreenshot } from '../support/shell.ts';

/** The help center, legal pages and the admin editors, in Chromium. */

const journey = demoJourney();
const { url, openAs } = journey;
const openPage = () => journey.openPage();
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

describe('the help center', () => {
  it('search finds a published article by its title and opens it; drafts stay hidden', async () => {
    const word = `rainwater${unique()}`;
    const article = await createArticleAsAdmin(journey.server.baseUrl, {
      category: 'servicem8',
      title: `Servicing a ${word} tank`,
      summary: 'A checklist for tank jobs.',
      content: '## Before you start\n\nDrain the tank and **isolate the pump**.',
      published: true,
    });
    await createArticleAsAdmin(journey.server.baseUrl, {
      category: 'servicem8',
      title: `Draft notes on ${word} pumps`,
      content: 'Not ready.',
      published: false,
    });

    const page = await openPage();
    await page.goto(url('/help'));
    await page.getByRole('heading', { name: 'Help Center', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search help articles' }).fill(word);
    await page.getByRole('status').getByText(`1 page matches “${word}”.`).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(word);
    const results = page.getByRole('list', { name: 'Matching help' });
    expect(await results.getByRole('link').count()).toBe(1);
    await results.getByRole('link', { name: new RegExp(`Servicing a ${word} tank`) }).click();

    await page.waitForURL(url(`/help/servicem8/${article.slug}`));
    await page.getByRole('heading', { name: `Servicing a ${word} tank`, level: 1 }).waitFor();
    // The article viewer renders the Markdown.
    await page.getByRole('heading', { name: 'Before you start', level: 2 }).waitFor();
    expect(await page.locator('article strong', { hasText: 'isolate the pump' }).count()).toBe(1);
    await saveScreenshot(page, 'help-article');
  });

  it('the same help center works inside the app, keeping its links there', async () => {
    const word = `gutter${unique()}`;
    const article = await createArticleAsAdmin(journey.server.baseUrl, {
      category: 'automations',
      title: `Reminding clients about ${word} cleaning`,
      content: 'Use a **delay** of 11 months.',
      published: true,
    });
    const page = await openPage();
    await openAs(page, DEMO_USER, '/app/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Help Center' }).click();
    await page.waitForURL(url('/app/help'));
    await page.getByRole('searchbox', { name: 'Search help articles' }).fill(word);
    // The search puts the words in the address once typing pauses: a click before that could be undone by it.
    await page.getByRole('status').getByText(`1 page matches “${word}”.`).waitFor();
    await page.getByRole('link', { name: new RegExp(`Reminding clients about ${word} cleaning`) }).click();
    await page.waitForURL(url(`/app/help/articles/automations/${article.slug}`));
    await page.getByRole('heading', { name: `Reminding clients about ${word} cleaning`, level: 1 }).waitFor();
    expect((await page.getByTestId('breadcrumbs').innerText()).replace(/\s+/g, ' ').trim()).toBe(
      'Home / Help Center / Articles / Article',
    );
  });

  it('the privacy policy and the terms are rendered from their legal articles', async () => {
    const page = await openPage();
    await page.goto(url('/privacypolicy'));
    await page.getByRole('heading', { name: 'Privacy policy', level: 1 }).waitFor();
    // The Markdown renderer loads on first use.
    await page.locator('.markdown-content').waitFor();
    expect(await page.locator('.markdown-content').count()).toBe(1);
    await page.goto(url('/termsandconditions'));
    await page.getByRole('heading', { name: 'Terms and conditions', level: 1 }).waitFor();
    expect(await page.getByText('No article content available.').count()).toBe(0);
  });
});

describe('the admin editors', () => {
  it('a super admin writes a new article with an image, publishes it, and readers see it', async () => {
    const word = `hotwater${unique()}`;
    const page = await openPage();
    await openAs(page, SUPER_ADMIN, '/admin/articles/search');
    await page.getByRole('link', { name: 'New article' }).click();
    await page.waitForURL(url('/admin/articles/new'));

    // Saving without a title is refused before anything is sent, and says why.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Title: give the article a title.').first().waitFor();

    await page.getByRole('textbox', { name: 'Title' }).fill(`Servicing ${word} cylinders`);
    await page.getByRole('textbox', { name: 'Summary' }).fill('Annual checks, step by step.');
    await page.getByRole('textbox', { name: 'Content (Markdown)' }).fill('## Annual check\n\nFlush the cylinder.');
    // The preview follows the text.
    await page.getByTestId('content-preview').getByRole('heading', { name: 'Annual check' }).waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/admin\/articles\/[0-9a-f-]{36}$/);
    await page.getByText(`“Servicing ${word} cylinders” was created.`).waitFor();
    // The slug was made from the title.
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Slug' }).inputValue())
      .toBe(`servicing-${word}-cylinders`);

    // Images upload once the article exists.
    await page.getByTestId('content-image-input').setInputFiles({
      name: 'valve.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    // The Markdown for it goes in as a paragraph of its own, and the preview shows the picture.
    await page.getByTestId('content-preview').locator('img').waitFor();
    expect(await page.getByRole('textbox', { name: 'Content (Markdown)' }).inputValue()).toMatch(
      /\n\n!\[\]\(\/api\/Content\/images\/[^)]+\.png\)$/,
    );
    // A file that is not an image is refused with a sentence.
    await page.getByTestId('content-image-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('“notes.txt” is not an image that can be uploaded').waitFor();

    await page.getByRole('textbox', { name: 'Slug' }).fill(`${word}-cylinders`);
    await page.getByLabel('Published', { exact: true }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(`“Servicing ${word} cylinders” was saved.`).waitFor();
    await saveScreenshot(page, 'admin-article-editor');

    const reader = await openPage();
    await reader.goto(url(`/help/getting-started/${word}-cylinders`));
    await reader.getByRole('heading', { name: `Servicing ${word} cylinders`, level: 1 }).waitFor();
    const image = reader.locator('article img');
    await image.waitFor();
    await reader.waitForFunction(
      (element) => (element as HTMLImageElement).naturalWidth > 0,
      await image.elementHandle(),
    );

    // The toasts sit over the page's buttons; each closes with its own button rather than after its 5 s.
    // (One that closes by itself while it is being clicked needs no click.)
    const toasts = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Dismiss' }) });
    for (const toast of await toasts.all()) {
      await toast
        .getByRole('button', { name: 'Dismiss' })
        .click({ timeout: 1_000 })
        .catch(() => undefined);
    }
    await expect.poll(() => toasts.count()).toBe(0);

    // Deleting asks first, then the article is gone from the table.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this article?' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(url('/admin/articles/search'));
    await page.getByRole('searchbox', { name: 'Search titles' }).fill(word);
    await page.getByTestId('table-empty').getByText('No articles match these filters.').waitFor();
  });

  it('a super admin edits an FAQ entry and readers see the new answer', async () => {
    const marker = `Marker ${unique()}`;
    const page = await openPage();
    await openAs(page, SUPER_ADMIN, '/admin/faq/search');
    const table = page.getByRole('table', { name: 'FAQ entries' });
    await table.getByRole('link').first().waitFor();
    const question = (await table.getByRole('link').first().textContent()) ?? '';
    await table.getByRole('link').first().click();
    await page.waitForURL(/\/admin\/faq\/[0-9a-f-]{36}$/);
    const answer = page.getByRole('textbox', { name: 'Answer (Markdown)' });
    await answer.fill(`${await answer.inputValue()}\n\n**${marker}**`);
    await page.getByTestId('unsaved-changes').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The question was saved.').waitFor();

    const reader = await openPage();
    await reader.goto(url('/help/faq'));
    await reader.getByRole('button', { name: question }).click();
    await reader.getByTestId('faq-list').locator('strong', { hasText: marker }).waitFor();
  });
});
