import path from 'node:path';
import { type AutomationHarness, startAutomationHarness, TEST_PASSWORD } from '@automate/server/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { markChangelogSeen } from './content.ts';
import { DESKTOP, openSignedIn } from './shell.ts';

const WEB_ROOT = path.resolve(import.meta.dirname, '../../packages/web/dist');

export type HarnessJourney = { h: AutomationHarness; browser: Browser; page: Page; baseUrl: string };

/**
 * A journey against the server in this process (serving the built web app) and its ServiceM8
 * simulator: Chromium signed in as the connected vendor's Admin, on a desktop window showing the
 * dashboard. The session comes from the API: the sign-in form has tests of its own.
 */
async function startHarnessJourney(): Promise<HarnessJourney> {
  const h = await startAutomationHarness({ webRoot: WEB_ROOT });
  if (!h.baseUrl) throw new Error('the harness listens on a real port');
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: DESKTOP });
  await markChangelogSeen(context);
  const page = await context.newPage();
  // Leaving an editor with unsaved changes asks first (beforeunload): the journey means to leave.
  page.on('dialog', (dialog) => void dialog.accept());
  await openSignedIn(page, h.baseUrl, { email: h.adminEmail, password: TEST_PASSWORD }, '/app/dashboard');
  return { h, browser, page, baseUrl: h.baseUrl };
}

/**
 * The test file's journey (`startHarnessJourney`), started before its tests and closed after them:
 * call it at the top of the file. Its fields are there once the file's hooks have run; a file's own
 * `beforeAll`, registered after this call, runs after the journey has started.
 */
export function harnessJourneyForFile(): HarnessJourney {
  const journey = {} as HarnessJourney;
  beforeAll(async () => {
    Object.assign(journey, await startHarnessJourney());
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.h?.cleanup();
  });
  return journey;
}

/** Reloads the page until `locator` shows (screens refresh runs by themselves only while one is unfinished). */
export async function reloadUntilVisible(
  page: Page,
  locator: Locator,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await locator.waitFor({ state: 'visible', timeout: 2_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`, { cause: error });
    }
    await page.reload();
  }
}
