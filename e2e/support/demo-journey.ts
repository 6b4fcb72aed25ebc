import type { UserSession } from '@automate/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { markChangelogSeen } from './content.ts';
import { DESKTOP, type DemoServer, openSignedIn, startDemoServer } from './shell.ts';

export type DemoJourney = {
  /** The demo server's address of `path`. */
  url(path: string): string;
  /**
   * A fresh browser profile, with the changelog marked as seen so its dialog does not open over the
   * page; `motion` lets the page animate (profiles prefer reduced motion by default).
   */
  openPage(options?: { viewport?: { width: number; height: number }; motion?: boolean }): Promise<Page>;
  /** `page` at `path`, signed in as `account` (its session taken once through the API, then reused). */
  openAs(page: Page, account: { email: string; password: string }, path: string): Promise<void>;
  readonly server: DemoServer;
};

/**
 * The journeys of a file against one demo server (the seeded demo business, started as `npm run demo`
 * starts it) and one Chromium, started before its first test and stopped after its last; each page a
 * profile of its own, closed after its test.
 */
export function demoJourney(): DemoJourney {
  let server: DemoServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const sessions = new Map<string, Promise<UserSession>>();

  beforeAll(async () => {
    server = await startDemoServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  const started = (): { server: DemoServer; browser: Browser } => {
    if (!server || !browser) throw new Error('The demo server and Chromium start before the first test.');
    return { server, browser };
  };
  return {
    url: (path) => `${started().server.baseUrl}${path}`,
    async openPage({ viewport = DESKTOP, motion = false } = {}) {
      const context = await started().browser.newContext({
        viewport,
        ...(motion ? { reducedMotion: 'no-preference' as const } : {}),
      });
      contexts.push(context);
      await markChangelogSeen(context);
      const page = await context.newPage();
      // Playwright's own 30 s, as in the other journeys: a page load can take seconds on a busy machine.
      page.setDefaultTimeout(30_000);
      return page;
    },
    openAs: (page, account, path) => openSignedIn(page, started().server.baseUrl, account, path, sessions),
    get server() {
      return started().server;
    },
  };
}
