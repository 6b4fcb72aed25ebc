import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../support/content.ts';
import { demoJourney } from '../support/demo-journey.ts';
import { SUPER_ADMIN, saveScreenshot } from '../support/shell.ts';

/** The admin article editor, in Chromium: uploading an image and showing it need a real browser. */

const journey = demoJourney();
const { url, openAs } = journey;
const openPage = () => journey.openPage();
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

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
    // On a busy machine a closed toast can stay in the page for more than a second on its way out, so
    // they are closed until none is left. (One that closes by itself while it is being clicked needs no
    // click.)
    const toasts = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Dismiss' }) });
    await expect
      .poll(
        async () => {
          for (const toast of await toasts.all()) {
            await toast
              .getByRole('button', { name: 'Dismiss' })
              .click({ timeout: 1_000 })
              .catch(() => undefined);
          }
          return toasts.count();
        },
        { timeout: 15_000 },
      )
      .toBe(0);

    // Deleting asks first, then the article is gone from the table.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this article?' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(url('/admin/articles/search'));
    await page.getByRole('searchbox', { name: 'Search titles' }).fill(word);
    await page.getByTestId('table-empty').getByText('No articles match these filters.').waitFor();
  });
});
