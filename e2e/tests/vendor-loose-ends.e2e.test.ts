import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoJourney } from '../support/demo-journey.ts';
import { apiLogin, DEMO_ADMIN, findEmailedPath, SUPER_ADMIN } from '../support/shell.ts';

/**
 * What a first-time user tripped over, part two, in Chromium: the loose ends, and a used invitation that is
 * not read again.
 */

const journey = demoJourney();
const { url, openAs } = journey;
const openPage = (viewport?: { width: number; height: number }) => journey.openPage(viewport ? { viewport } : {});

/** Whether the element lies wholly inside the window. */
function inViewport(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}

describe('loose ends', () => {
  /** axe's findings of `rules` on the page as it is now. */
  async function axeFindings(page: Page, rules: string[]): Promise<string[]> {
    const { violations } = await new AxeBuilder({ page }).withRules(rules).setLegacyMode().analyze();
    return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} ${node.target.join(' ')}`));
  }

  it('marks an unknown merge field in an action’s text as it is typed, and a save that finds it goes to it', async () => {
    const page = await openPage({ width: 1280, height: 600 });
    await openAs(page, DEMO_ADMIN, '/app/automation/view/new');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Note with a typo');
    await page.getByRole('button', { name: 'Add action' }).click();
    await page.getByRole('menuitem', { name: /^Add a note to the job/ }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    const action = page.getByRole('group', { name: '1. Add a note to the job' });
    const note = action.getByRole('textbox', { name: 'Note' });
    await note.pressSequentially('Job {{ job.numbr }} is booked');

    // Before any save: the field is marked, in the words of the email-template editor.
    await action.getByText('{{ job.numbr }} is not a merge field. Did you mean {{ job.number }}?').waitFor();
    expect(await note.getAttribute('aria-invalid')).toBe('true');

    // Saving from the top of the page takes the person down to the marked field.
    await page.getByRole('textbox', { name: 'Name', exact: true }).focus();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.keyboard.press('Control+s');
    await page.getByText('Check the highlighted fields, then save again.').waitFor();
    await expect.poll(() => note.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => note.evaluate(inViewport)).toBe(true);
  });

  it('draws the ServiceM8 usage chart with whole business names, labelled axes and the daily limit as a line', async () => {
    const page = await openPage();
    await openAs(page, SUPER_ADMIN, '/admin/dashboard');
    const usage = page.getByRole('region', { name: 'ServiceM8 requests today' });
    await usage.getByText('Limit: 20,000 a day', { exact: true }).waitFor();
    const names = await usage.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel').allTextContents();
    expect(names).toContain('Demo Plumbing Ltd');
    expect(names.filter((name) => name.includes('…'))).toEqual([]);
    // Every axis of every chart says what it counts.
    const axes = await page
      .locator('.MuiChartsAxis-root')
      .evaluateAll((roots) => roots.map((root) => root.querySelector('.MuiChartsAxis-label')?.textContent ?? ''));
    expect(axes.length).toBeGreaterThanOrEqual(8);
    expect(axes.filter((label) => label.trim() === '')).toEqual([]);
    expect(await usage.locator('.MuiChartsAxis-label').allTextContents()).toEqual(
      expect.arrayContaining(['Business', 'Requests in the last 24 hours']),
    );
  });

  it('names every fieldset with a legend, puts aria-label only where a role allows it, and the sidebar in a landmark', async () => {
    const page = await openPage();
    for (const path of ['/auth/login', '/auth/register']) {
      await page.goto(url(path));
      await page.locator('fieldset:not([disabled])').first().waitFor();
      const legends = await page
        .locator('fieldset')
        .evaluateAll((sets) => sets.map((set) => set.querySelector('legend')?.textContent ?? ''));
      expect(legends.length, path).toBeGreaterThan(0);
      expect(
        legends.filter((legend) => legend.trim() === ''),
        path,
      ).toEqual([]);
    }
    await page.goto(url('/'));
    await page.getByRole('figure', { name: 'An example trigger' }).waitFor();
    expect(await axeFindings(page, ['aria-prohibited-attr'])).toEqual([]);

    const signedIn = await openPage();
    await openAs(signedIn, DEMO_ADMIN, '/app/automation/search');
    await signedIn.getByRole('heading', { level: 1 }).waitFor();
    await signedIn.waitForLoadState('networkidle');
    expect(await axeFindings(signedIn, ['aria-prohibited-attr', 'region'])).toEqual([]);
    await signedIn.goto(url('/app/automation/view/new'));
    await signedIn.getByRole('button', { name: 'Add group' }).waitFor();
    expect(await axeFindings(signedIn, ['aria-prohibited-attr', 'region'])).toEqual([]);
  });
});

describe('no spurious failed requests', () => {
  it('accepts an invitation and reaches the dashboard without reading the used invitation again', async () => {
    const owner = await apiLogin(journey.server.baseUrl, DEMO_ADMIN);
    const vendorId = owner.vendors[0]?.vendorId ?? '';
    const email = `joiner-${Date.now().toString(36)}@example.com`;
    const invited = await fetch(url(`/api/Vendor/${vendorId}/users`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ email, role: 'User' }),
    });
    expect(invited.status).toBe(201);
    const link = await findEmailedPath(
      journey.server.baseUrl,
      email,
      'vendor-invitation',
      /\/auth\/invitation\/[A-Za-z0-9_-]+/,
    );

    const page = await openPage();
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.goto(url(link));
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByRole('textbox', { name: 'First name' }).fill('Jo');
    await form.getByRole('textbox', { name: 'Last name' }).fill('Iner');
    const passwords = form.locator('input[autocomplete="new-password"]');
    await passwords.first().fill('a-long-enough-passphrase-1');
    await passwords.last().fill('a-long-enough-passphrase-1');
    await form.getByRole('button', { name: 'Create account and join' }).click();
    await page.waitForURL(url('/app/dashboard'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
  });
});
