import { resolve } from 'node:path';
import { STORAGE_KEYS, type UserSession } from '@automate/contract';
import {
  type AutomationHarness,
  createUser,
  insertTestRun,
  startAutomationHarness,
  TEST_PASSWORD,
} from '@automate/server/testing';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPagePaths } from '../../packages/web/build/route-list.ts';
import type { PagePath, RouteArea } from '../../packages/web/src/app/route-paths.ts';
import { launchBrowser } from '../support/browser.ts';
import { markChangelogSeen } from '../support/content.ts';
import { apiLogin, navigateInApp } from '../support/shell.ts';

/**
 * In Chromium, phone and tablet and accessibility: every page of the router (the list is read
 * from the router, so a new page is walked without anyone listing it), visited as who may open it (anyone,
 * the vendor's Admin, a super admin) with seeded data, at a phone's and a tablet's size. On each: the page
 * is no wider than the window and it has one h1 and no skipped heading level; on the phone, axe finds no
 * WCAG 2.1 A/AA violation. Walked again as the business's User, no page offers what the role cannot do:
 * the Account area is not found, and nothing the pages ask answers 403.
 */

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];
const ROOT = { email: 'root-walk@automate.local', password: 'root-walk-password-1' };
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const WEB_ROOT = resolve(import.meta.dirname, '../../packages/web/dist');

let h: AutomationHarness;
let browser: Browser;
let baseUrl: string;
let pages: PagePath[];
/** The value each route parameter takes, by the route's pattern. */
let samples: Record<string, Record<string, string>>;
const contexts: BrowserContext[] = [];

async function api<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      'x-vendor-id': h.vendorId,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  const body = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

type Row = { id: string; [key: string]: unknown };
const firstRow = async (path: string, token: string): Promise<Row> => {
  const data = await api<{ rows: Row[] } | Row[]>(`${path}?PageNumber=1&PageSize=5`, token);
  const row = Array.isArray(data) ? data[0] : data.rows[0];
  if (!row) throw new Error(`${path} found nothing to open`);
  return row;
};

beforeAll(async () => {
  h = await startAutomationHarness({ webRoot: WEB_ROOT });
  if (!h.baseUrl) throw new Error('the harness listens on a real port');
  baseUrl = h.baseUrl;
  await createUser(h.deps, { email: ROOT.email, password: ROOT.password, superAdmin: true, firstName: 'Root' });
  const triggerId = await h.createTrigger({
    name: 'Note on completion',
    event: 'JobCompleted',
    actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Completed {{ job.number }}' } }],
  });
  for (const status of ['Succeeded', 'Failed'] as const) {
    await insertTestRun(h, h.vendorId, triggerId, { status, minutesAgo: 60 });
  }
  browser = await launchBrowser();
  pages = await loadPagePaths();

  const root = await apiLogin(baseUrl, ROOT);
  const article = await firstRow('/Content/article/search', root.token);
  const faq = await firstRow('/Content/faq/search', root.token);
  const template = await firstRow('/TriggerTemplate/search', root.token);
  const systemEmail = await firstRow('/Admin/emails/search', root.token);
  const user = await firstRow('/Admin/users/search', root.token);
  const emailTemplate = await api<Row>(`/Vendor/${h.vendorId}/email/templates`, h.token, {
    method: 'POST',
    body: { name: 'Job booked', subject: 'Your job {{ job.number }}', body: 'We have booked your job.' },
  });
  const invoice = await api<Row>('/Accounting/invoice/create', root.token, {
    method: 'POST',
    body: {
      vendorId: h.vendorId,
      reference: 'Set-up',
      dueDate: '2026-12-31',
      lines: [{ description: 'Onboarding session', quantity: 1, unitAmountCents: 15000 }],
    },
  });
  const help = { category: String(article.category), slug: String(article.slug) };
  const vendor = { id: h.vendorId };
  samples = {
    '/help/:category/:slug': help,
    '/app/help/articles/:category/:slug': help,
    '/app/automation/onboarding/view/:id': { id: template.id },
    '/app/automation/view/:id': { id: triggerId },
    '/app/automation/view/:id/logs': { id: triggerId },
    '/app/account/invoicing/:id': { id: invoice.id },
    '/app/account/emails/:id': { id: emailTemplate.id },
    '/admin/automation/templates/view/:id': { id: template.id },
    '/admin/settings/emails/:id': { id: systemEmail.id },
    '/admin/settings/trigger/templates/view/:id': { id: template.id },
    '/admin/vendors/:id/invoice/:invoiceId': { ...vendor, invoiceId: invoice.id },
    '/admin/vendors/:id/billing': vendor,
    '/admin/vendors/:id/users': vendor,
    '/admin/vendors/:id/triggers': vendor,
    '/admin/vendors/:id/audit': vendor,
    '/admin/users/:id': { id: user.id },
    '/admin/articles/:id': { id: article.id },
    '/admin/faq/:id': { id: faq.id },
    // Links from emails with a token that is not (or no longer) valid: the page says so.
    '/auth/invitation/:token': { token: 'expired-invitation' },
    '/auth/verify/:token/:userId': { token: 'expired-token', userId: user.id },
    '/auth/reset/:token/:userId': { token: 'expired-token', userId: user.id },
  };
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await h?.cleanup();
});

/** The path of a page with its parameters filled from `samples`. */
function concrete(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = samples[pattern]?.[name];
    if (!value) throw new Error(`No sample value for :${name} of ${pattern}: add one to \`samples\`.`);
    return encodeURIComponent(value);
  });
}

/** A window signed in as the area's person (none for public pages), with the changelog already seen. */
async function windowFor(
  area: RouteArea,
  sessions: Record<RouteArea, UserSession | null>,
  viewport: Viewport = VIEWPORTS[0],
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  contexts.push(context);
  await markChangelogSeen(context);
  const session = sessions[area];
  if (session) {
    await context.addInitScript(
      ({ key, value }) => {
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
      },
      { key: STORAGE_KEYS.user, value: JSON.stringify(session) },
    );
  }
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  return page;
}

/** Marks what the page shows now, so `settle` can tell the next page's content from it. */
async function markShown(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('#main-content *')) element.setAttribute('data-walked', '');
  });
}

/** Waits until the next page has drawn new content and shows its h1, and nothing on it is still loading. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('#main-content *:not([data-walked])') !== null &&
      [...document.querySelectorAll('h1')].some((heading) => heading.getClientRects().length > 0) &&
      document.querySelector('.MuiSkeleton-root, [role="progressbar"]:not([aria-valuenow])') === null,
    undefined,
    { timeout: 10_000, polling: 100 },
  );
}

/** Waits until the page has re-rendered and laid out for a new window size. */
async function afterLayout(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))),
  );
}

/** Headings of the page in order: one h1, and none more than one level below the one before. */
async function headingProblems(page: Page): Promise<string[]> {
  const headings = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')]
      .filter((element) => element.getClientRects().length > 0 && !element.closest('[aria-hidden="true"]'))
      .map((element) => ({
        level: Number(element.getAttribute('aria-level') ?? element.tagName.slice(1)),
        text: (element.textContent ?? '').slice(0, 40),
      })),
  );
  const problems: string[] = [];
  const h1s = headings.filter((heading) => heading.level === 1);
  if (h1s.length !== 1) problems.push(`${h1s.length} h1 headings (${h1s.map((heading) => heading.text).join(', ')})`);
  headings.forEach(({ level, text }, index) => {
    const before = index === 0 ? 0 : (headings[index - 1]?.level ?? 0);
    if (level > before + 1) problems.push(`an h${level} (${text}) after an h${before}`);
  });
  return problems;
}

type AxeOptions = Parameters<AxeBuilder['options']>[0];
type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
// (Options replace what `withTags` would set, so the tags go in them.) Beside the WCAG rules, two of
// axe's best practices: a screen reader's list of regions names each once, and a region that scrolls
// can be reached by the keyboard.
const AXE_OPTIONS: AxeOptions = {
  runOnly: { type: 'tag', values: WCAG_AA },
  rules: { 'landmark-unique': { enabled: true }, 'scrollable-region-focusable': { enabled: true } },
  resultTypes: ['violations'],
};

/**
 * axe's WCAG 2.1 A/AA violations on the page as it is now. axe goes into the page on its first page
 * and stays there, as the walk moves within the loaded app; later pages run it in place. (AxeBuilder
 * injects its 0.5 MB script again on every call and, by default, finishes each run in a new blank tab
 * with a second copy: most of the walk's CPU.) A page with frames goes through AxeBuilder, which puts
 * axe into each frame.
 */
async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  const loaded = page.frames().length === 1 && (await page.evaluate(() => 'axe' in window));
  if (!loaded) return (await new AxeBuilder({ page }).setLegacyMode().options(AXE_OPTIONS).analyze()).violations;
  return page.evaluate(async (options) => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: AxeOptions): Promise<AxeResults> };
    };
    return (await axe.run(document, options)).violations;
  }, AXE_OPTIONS);
}

/**
 * axe's violations on the page, its colours read once they are still. On a loaded machine axe can read a
 * colour halfway through a fade, which is not the page's colour: a contrast finding is looked at again
 * after the page's transitions end. Every other finding counts as found, in whatever state the page
 * was: a person can meet a loading state too (a named placeholder without a role was one).
 */
async function settledViolations(page: Page): Promise<AxeResults['violations']> {
  const isColour = (violation: AxeResults['violations'][number]) => violation.id === 'color-contrast';
  const found = await axeViolations(page);
  if (!found.some(isColour)) return found;
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const colours = (await axeViolations(page)).filter(isColour);
  return [...found.filter((violation) => !isColour(violation)), ...colours];
}

describe('every page of the app, the public site and the admin area', () => {
  it('fits a phone and a tablet, with sound headings and no WCAG 2.1 AA violation', async () => {
    expect(pages.length).toBeGreaterThan(50);
    const sessions: Record<RouteArea, UserSession | null> = {
      public: null,
      app: await apiLogin(baseUrl, { email: h.adminEmail, password: TEST_PASSWORD }),
      admin: await apiLogin(baseUrl, ROOT),
    };
    const problems: string[] = [];
    const [phone, tablet] = VIEWPORTS;
    /** The page as it is now, at `viewport`: no wider than the window, and sound headings. */
    const checkLayout = async (page: Page, where: string) => {
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      if (scrollWidth > innerWidth) problems.push(`${where}: ${scrollWidth} px wide in a ${innerWidth} px window`);
      // A page can still be between two states (a form replacing its skeleton): one more look once it settles.
      let headings = await headingProblems(page);
      if (headings.length > 0) {
        await settle(page).catch(() => undefined);
        headings = await headingProblems(page);
      }
      for (const problem of headings) problems.push(`${where}: ${problem}`);
    };
    // Each page is opened once, on the phone, then the window is widened to the tablet's size and back:
    // the layout follows the width as it does when a tablet is turned, and the page is not loaded twice.
    const windows = new Map<RouteArea, Page>();
    for (const { pattern, area } of pages) {
      const path = concrete(pattern);
      let page = windows.get(area);
      if (!page) {
        page = await windowFor(area, sessions, phone);
        windows.set(area, page);
        await page.goto(`${baseUrl}${path}`);
      } else {
        await markShown(page);
        await navigateInApp(page, path);
      }
      try {
        await settle(page);
      } catch {
        problems.push(`${path}: did not finish loading (no h1, or still loading after 10 s)`);
        continue;
      }
      await checkLayout(page, `${phone.name} ${path}`);
      // Colours, names and roles do not change with the width: axe runs once a page, on the phone.
      for (const violation of await settledViolations(page)) {
        const targets = violation.nodes.slice(0, 3).map((node) => node.html.slice(0, 160));
        problems.push(`${phone.name} ${path}: ${violation.id} (${violation.help}) at ${targets.join(', ')}`);
      }
      await page.setViewportSize({ width: tablet.width, height: tablet.height });
      await afterLayout(page);
      await checkLayout(page, `${tablet.name} ${path}`);
      await page.setViewportSize({ width: phone.width, height: phone.height });
    }
    problems.sort();
    expect(problems).toEqual([]);
  }, 300_000);

  it('as a User, offers no control the role cannot use: walking every app page, nothing answers 403', async () => {
    const member = await apiLogin(baseUrl, { email: h.team.user.email, password: TEST_PASSWORD });
    const page = await windowFor('app', { public: null, app: member, admin: null }, VIEWPORTS[1]);
    const forbidden = new Set<string>();
    page.on('response', (response) => {
      if (response.status() === 403)
        forbidden.add(`${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    const problems: string[] = [];
    let first = true;
    for (const { pattern } of pages.filter((entry) => entry.area === 'app')) {
      const path = concrete(pattern);
      if (first) await page.goto(`${baseUrl}${path}`);
      else {
        await markShown(page);
        await navigateInApp(page, path);
      }
      first = false;
      const notFound = page.getByRole('heading', { name: 'Page not found' });
      // The Account area is its Admins': a User gets the not-found page there, and nowhere else.
      if (pattern.startsWith('/app/account')) {
        await page.waitForFunction((to) => window.location.pathname === to, new URL(path, baseUrl).pathname);
        await notFound.waitFor({ timeout: 10_000 }).catch(() => problems.push(`${path}: an Admin page for a User`));
        continue;
      }
      try {
        await settle(page);
      } catch {
        problems.push(`${path}: did not finish loading`);
        continue;
      }
      if ((await notFound.count()) > 0) problems.push(`${path}: the not-found page for a User`);
    }
    expect({ problems, forbidden: [...forbidden].sort() }).toEqual({ problems: [], forbidden: [] });
  }, 300_000);

  it('on a phone the sidebar is a drawer with the vendor selector, closed by navigating', async () => {
    const page = await windowFor('admin', { public: null, app: null, admin: await apiLogin(baseUrl, ROOT) });
    await page.goto(`${baseUrl}/admin/dashboard`);
    const sidebar = page.getByTestId('sidebar');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Not drawn until first opened: a phone's first visit does not pay for it.
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.count()).toBe(0);
    expect(await page.getByTestId('vendor-selector').isVisible()).toBe(false);

    await toggle.click();
    await page.getByTestId('vendor-selector').waitFor({ state: 'visible' });
    // Over the page, not beside it: the page keeps the whole width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[0].width);
    await page
      .getByRole('navigation', { name: 'Super admin navigation' })
      .getByRole('link', { name: 'Vendors' })
      .click();
    await page.waitForURL(`${baseUrl}/admin/vendors/search`);
    await page.getByTestId('vendor-selector').waitFor({ state: 'hidden' });
    // Once opened it stays in the page, closed, so it opens again at once.
    expect(await sidebar.getAttribute('data-state')).toBe('drawer-closed');
  });
});
