import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { markChangelogSeen } from '../support/content.ts';
import {
  apiLogin,
  DESKTOP,
  type DemoServer,
  findVerificationPath,
  navigateInApp,
  startDemoServer,
  storeSession,
} from '../support/shell.ts';

let server: DemoServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // Demo mode without a Stripe key: the server runs the Stripe simulator and takes its signed events.
  server = await startDemoServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: DESKTOP });
  await markChangelogSeen(context);
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
});
afterAll(async () => {
  await browser?.close();
  if (server) await server.stop();
});

/** A business signs up and its owner confirms the email: its Admin, signed in, as the API answers. */
async function signUp(baseUrl: string) {
  const owner = { email: `owner-${Date.now()}@electrical.example.com`, password: 'wires-and-fuses-42' };
  const registered = await fetch(`${baseUrl}/api/Auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...owner, firstName: 'Nia', lastName: 'Tane', vendorName: 'Tane Electrical' }),
  });
  expect(registered.status).toBe(201);
  const [, token, userId] = (await findVerificationPath(baseUrl, owner.email)).split('/').filter(Boolean).slice(1);
  const verified = await fetch(`${baseUrl}/api/Auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, userId }),
  });
  expect(verified.status).toBe(200);
  return apiLogin(baseUrl, owner);
}

describe('buying a plan', () => {
  it('a new business pays for Pro in the checkout popup (a declined card first), sees it active with usage, cancels and resumes', async () => {
    await storeSession(page, await signUp(server.baseUrl));
    // Until it has a plan, the dashboard says its automations do not run.
    await page.goto(`${server.baseUrl}/app/dashboard`);
    const noPlan = page.getByTestId('no-plan');
    await noPlan.getByText('Your automations do not run yet').waitFor();
    await navigateInApp(page, '/app/account/subscription/overview');
    await page.getByText('Tane Electrical has no subscription.').waitFor();
    await page.getByRole('link', { name: 'Choose a plan' }).click();
    await page.getByRole('heading', { name: 'Choose a plan' }).waitFor();

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('region', { name: 'Pro plan' }).getByRole('button', { name: 'Choose Pro' }).click(),
    ]);
    await popup.getByText('Test payment.').waitFor();
    await popup.getByLabel('Card number').fill('4000 0000 0000 0341');
    await popup.getByLabel('Expiry').fill('12 / 34');
    await popup.getByLabel('CVC').fill('123');
    await popup.getByRole('button', { name: 'Subscribe' }).click();
    await popup.getByRole('alert').getByText('Your card was declined.').waitFor();

    await popup.getByLabel('Card number').fill('4242 4242 4242 4242');
    await popup.getByLabel('Expiry').fill('12 / 34');
    await popup.getByLabel('CVC').fill('123');
    await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Subscribe' }).click()]);

    // The popup told the app, which opened the overview and waits for the payment's confirmation.
    await page.waitForURL(/\/app\/account\/subscription\/overview\?paid=1$/);
    const plan = page.getByRole('region', { name: 'Plan' }).filter({ hasText: 'Pro plan' });
    await plan.getByText('Active', { exact: true }).waitFor();
    await plan.getByRole('progressbar', { name: 'Active automations: 0 of 25' }).waitFor();
    expect(await plan.getByText(/^Renews on /).count()).toBe(1);

    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/stays active until/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    const cancels = plan.getByText(/^Cancels on \d/);
    await cancels.waitFor();

    await plan.getByRole('button', { name: 'Resume subscription' }).click();
    await plan.getByText(/^Renews on \d/).waitFor();
    expect(await cancels.count()).toBe(0);

    // A page reached inside the app: the invoices list shows the paid first invoice.
    await navigateInApp(page, '/app/account/invoicing/search');
    await page.getByRole('table', { name: 'Invoices' }).getByText('Paid').waitFor();

    // With a plan, the dashboard shows its usage and no longer says automations wait for one.
    await navigateInApp(page, '/app/dashboard');
    await page.getByRole('region', { name: 'Plan usage' }).getByText('Pro plan, this period').waitFor();
    expect(await noPlan.count()).toBe(0);
  });
});
