import { SIDEBAR } from '@automate/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoJourney } from '../support/demo-journey.ts';
import { DEMO_ADMIN, navigateInApp, SUPER_ADMIN, saveScreenshot, settledSidebarWidth } from '../support/shell.ts';

const journey = demoJourney();
let context: BrowserContext;
let page: Page;
let consoleMessages: Array<{ type: string; text: string }>;

/** A fresh profile, with the changelog marked as seen (the shell's tests cover its dialog). */
async function openContext({ motion = false }: { motion?: boolean } = {}) {
  page = await journey.openPage({ motion });
  context = page.context();
  consoleMessages = [];
  page.on('console', (message) => consoleMessages.push({ type: message.type(), text: message.text() }));
}

beforeEach(async () => {
  await openContext();
});

const { url } = journey;
const openAs = (account: { email: string; password: string }, path = '/app/dashboard') =>
  journey.openAs(page, account, path);
const sidebarLink = (name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name });

describe('signing in', () => {
  it('the sign-in page arrives drawn, hydrates without a warning or a shift, and signs in', async () => {
    // The server's HTML already holds the form, before any of the app's code has run.
    const served = await (await fetch(url('/auth/login'))).text();
    expect(served).toMatch(/<div id="root">.*<h1[^>]*>Sign in<\/h1>.*aria-label="Sign in"/s);
    expect(served).toContain('<title>Sign in · Automate</title>');
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });

    // Its fields take input only once hydrated: nothing typed earlier is lost, no Enter sends the form as a GET.
    expect(served).toMatch(/<form[^>]*aria-label="Sign in"><fieldset[^>]* disabled=""/);

    // The browser's locale data loads in a worker of the app's own (the page's policy allows it).
    const localeWorker = page.waitForEvent('worker');
    await page.goto(url('/auth/login?redirect=%2Fapp%2Fprofile'));
    expect((await localeWorker).url()).toMatch(/\/assets\/locale-data\.worker-[\w-]+\.js$/);
    // Hydrated: the fields take input, the email field has the focus, and React drew no second form.
    await page.locator('form[aria-label="Sign in"] > fieldset:enabled').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'email');
    expect(await page.locator('#root form').count()).toBe(1);
    expect(await page.locator('title').count()).toBe(1);
    expect(await page.title()).toBe('Sign in · Automate');
    // Emotion adopted the server's styles: the card's rule is in the page once.
    const cardRules = await page.evaluate(() => {
      const card = document.querySelector('#root .MuiPaper-root');
      const name = [...(card?.classList ?? [])].find((value) => value.startsWith('css-'));
      return [...document.querySelectorAll('style')].filter((style) => style.textContent?.includes(`.${name}{`)).length;
    });
    expect(cardRules).toBe(1);
    // Nothing visibly moved between the server's paint and the hydrated page. (A slow machine has
    // measured a shift of a hundred-thousandth once, a fraction of a pixel: 0.001 is a hundredth of
    // what Lighthouse still counts as good.)
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, shift) => sum + shift, 0)).toBeLessThan(0.001);

    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.locator('input[name="password"]').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(url('/app/profile'));
    expect(pageErrors).toEqual([]);
    expect(consoleMessages.filter((message) => message.type === 'error' || message.type === 'warning')).toEqual([]);
  });

  it('a signed-in person opening the prerendered sign-in page is told so once it has hydrated', async () => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openAs(DEMO_ADMIN, '/auth/login');
    await page.getByText('You are signed in as').waitFor();
    await page.getByRole('link', { name: 'Go to the app' }).waitFor();
    expect(await page.locator('#root form').count()).toBe(1);
    expect(pageErrors).toEqual([]);
    expect(consoleMessages.filter((message) => message.type === 'error')).toEqual([]);
  });
});

describe('the first paint', () => {
  const LOADING = 'Loading Automate…';

  /** Holds the app's entry script back until the returned function is called: a phone still downloading it. */
  async function holdTheApp(): Promise<() => void> {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  it('a page the build did not draw says the app is loading until the app has drawn it', async () => {
    const release = await holdTheApp();
    const opening = openAs(DEMO_ADMIN, '/app/dashboard');
    await page.getByRole('status').getByText(LOADING).waitFor();
    release();
    await opening;
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    expect(await page.getByText(LOADING).isVisible()).toBe(false);
  });

  it('a page the build drew shows itself, never the loading screen', async () => {
    const release = await holdTheApp();
    const opening = page.goto(url('/auth/login'));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // The app still held back: what shows is the server's drawing alone.
    expect(await page.getByText(LOADING).isVisible()).toBe(false);
    release();
    await opening;
  });
});

describe('the shell', () => {
  it('the sidebar starts expanded at 256 px, collapses to a 56 px rail and expands again', async () => {
    // With the motion most people see: the width is read once the drawer's transition has settled.
    await context.close();
    await openContext({ motion: true });
    await openAs(DEMO_ADMIN);
    expect(await settledSidebarWidth(page, SIDEBAR.expandedWidth)).toBe(256);
    await page.getByText('Automate v1.8.0').waitFor();

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    expect(await settledSidebarWidth(page, SIDEBAR.railWidth)).toBe(56);
    // Still usable as a rail: the links keep their names.
    await sidebarLink('Dashboard').waitFor();

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    expect(await settledSidebarWidth(page, SIDEBAR.expandedWidth)).toBe(256);
  });

  it('breadcrumbs show the route chain from 1280 px and are hidden at 1279 px', async () => {
    await openAs(DEMO_ADMIN);
    await sidebarLink('Automation').click();
    await page.waitForURL(
      (target) =>
        target.pathname === '/app/automation/search' &&
        target.searchParams.get('PageNumber') === '1' &&
        target.searchParams.get('PageSize') === '50' &&
        target.searchParams.get('SortBy') === 'name' &&
        target.searchParams.get('SortDir') === 'Ascending',
    );
    const crumbs = page.getByTestId('breadcrumbs');
    await crumbs.locator('[aria-current="page"]', { hasText: 'Search' }).waitFor();
    expect((await crumbs.innerText()).replace(/\s+/g, ' ').trim()).toBe('Home / Automation / Search');
    expect(await crumbs.getByRole('link', { name: 'Automation' }).getAttribute('href')).toBe('/app/automation');
    expect(await crumbs.getByRole('link').count()).toBe(2);

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await crumbs.isVisible()).toBe(true);
    await page.setViewportSize({ width: 1279, height: 900 });
    await crumbs.waitFor({ state: 'hidden' });
    expect(await crumbs.isVisible()).toBe(false);
  });
});

describe('routes', () => {
  /** Each path, where it ends up, and the last breadcrumb there (shell pages only). */
  const SHELL_ROUTES: Array<{ path: string; lands?: string; crumb: string }> = [
    { path: '/app', lands: '/app/dashboard', crumb: 'Dashboard' },
    { path: '/app/help', crumb: 'Help Center' },
    { path: '/app/help/faq', crumb: 'FAQ' },
    { path: '/app/help/articles', crumb: 'Articles' },
    { path: '/app/help/articles/getting-started/welcome-to-automate', crumb: 'Article' },
    { path: '/app/automation', lands: '/app/automation/search', crumb: 'Search' },
    { path: '/app/automation/templates', crumb: 'Templates' },
    { path: '/app/automation/onboarding', crumb: 'Onboarding' },
    { path: '/app/automation/onboarding/view/t-1', crumb: 'Onboarding template' },
    { path: '/app/automation/logs', crumb: 'Logs' },
    { path: '/app/automation/schedule', crumb: 'Schedule' },
    { path: '/app/automation/view/a-1', crumb: 'Automation details' },
    { path: '/app/automation/view/a-1/logs', crumb: 'Logs' },
    { path: '/app/account', lands: '/app/account/subscription/overview', crumb: 'Overview' },
    { path: '/app/account/subscription/checkout', crumb: 'Checkout' },
    { path: '/app/account/invoicing/search', crumb: 'Invoices' },
    { path: '/app/account/invoicing/inv-1', crumb: 'Invoice' },
    { path: '/app/account/emails/search', crumb: 'Email templates' },
    { path: '/app/account/emails/e-1', crumb: 'Email template' },
    { path: '/admin', lands: '/admin/dashboard', crumb: 'Dashboard' },
    { path: '/admin/automation/templates/search', crumb: 'Search' },
    { path: '/admin/automation/templates/view/t-1', crumb: 'Template' },
    { path: '/admin/automation/runs', crumb: 'Trigger runs' },
    { path: '/admin/settings', lands: '/admin/settings/products/search', crumb: 'Search' },
    { path: '/admin/settings/emails/search', crumb: 'Search' },
    { path: '/admin/settings/emails/m-1', crumb: 'Email' },
    { path: '/admin/settings/trigger/templates/search', crumb: 'Search' },
    { path: '/admin/settings/trigger/templates/view/t-1', crumb: 'Trigger template' },
    { path: '/admin/vendors/search', crumb: 'Search' },
    { path: '/admin/vendors/v-1', lands: '/admin/vendors/v-1/triggers', crumb: 'Triggers' },
    { path: '/admin/vendors/v-1/invoice/i-1', crumb: 'Invoice' },
    { path: '/admin/vendors/v-1/billing', crumb: 'Billing' },
    { path: '/admin/vendors/v-1/users', crumb: 'Users' },
    { path: '/admin/users/search', crumb: 'Search' },
    { path: '/admin/users/u-1', crumb: 'User' },
    { path: '/admin/articles/search', crumb: 'Search' },
    { path: '/admin/articles/a-1', crumb: 'Article' },
    { path: '/admin/faq/search', crumb: 'Search' },
    { path: '/admin/faq/f-1', crumb: 'FAQ entry' },
  ];

  // The first path is a page load; the rest are reached inside the running app, as its links go (a
  // page load per path would prove the server's fallback to index.html again, which spa.test.ts and
  // foundation.e2e do, at half a second each).
  it('every signed-in route resolves, follows its redirect and names its breadcrumb', async () => {
    const breadcrumbs = page.getByTestId('breadcrumbs');
    for (const [index, route] of SHELL_ROUTES.entries()) {
      if (index === 0) await openAs(SUPER_ADMIN, route.path);
      else {
        // By way of a page without breadcrumbs, so the breadcrumb read below is the new page's own.
        await navigateInApp(page, '/no/such/page');
        await breadcrumbs.waitFor({ state: 'detached' });
        await navigateInApp(page, route.path);
      }
      await page.waitForURL(url(route.lands ?? route.path));
      const last = breadcrumbs.locator('[aria-current="page"]');
      await last.waitFor();
      expect({ path: route.path, crumb: await last.textContent() }).toEqual({ path: route.path, crumb: route.crumb });
      expect({
        path: route.path,
        notFound: await page.getByRole('heading', { name: 'Page not found' }).count(),
      }).toEqual({ path: route.path, notFound: 0 });
    }
  });

  it('public, auth, ServiceM8 and payment routes resolve, with their redirects', async () => {
    const PUBLIC: Array<{ path: string; lands?: string; heading: string | RegExp }> = [
      { path: '/', heading: 'Put your ServiceM8 follow-ups on autopilot' },
      { path: '/help', heading: 'Help Center' },
      { path: '/faq', lands: '/help/faq', heading: 'Frequently asked questions' },
      { path: '/help/articles', heading: 'Articles' },
      { path: '/privacypolicy', heading: 'Privacy policy' },
      { path: '/termsandconditions', heading: 'Terms and conditions' },
      { path: '/auth', lands: '/auth/login', heading: 'Sign in' },
      { path: '/auth/register', heading: 'Create your account' },
      { path: '/auth/reset', heading: 'Reset your password' },
      { path: '/auth/reset/some-token/2d8f1f5e-7f8a-4b0c-9a59-6c1a3c1f2b10', heading: 'Choose a new password' },
      { path: '/sm8/activate?error=ServiceM8%20said%20no.', heading: 'Connect ServiceM8' },
      // Signed out, it does not claim a connection it cannot see.
      { path: '/sm8/activated', heading: 'Sign in to see your connection' },
      { path: '/sm8/autologin', heading: 'Opening Automate' },
      { path: '/payment/close', heading: 'Payment finished' },
      { path: '/no/such/page', heading: 'Page not found' },
    ];
    for (const [index, route] of PUBLIC.entries()) {
      if (index === 0) await page.goto(url(route.path));
      else await navigateInApp(page, route.path);
      await page.waitForURL(url(route.lands ?? route.path));
      await page.getByRole('heading', { name: route.heading, level: 1 }).first().waitFor();
      if (route.path === '/') await saveScreenshot(page, 'home');
    }
    await page.goto(url('/sm8/activate?error=ServiceM8%20said%20no.'));
    await page.getByTestId('sm8-error').getByText('ServiceM8 said no.').waitFor();
  });
});
