import path from 'node:path';
import {
  createUser,
  pageLinkIn,
  startTestServices,
  type TestServices,
  tokenFor,
  waitForEmail,
} from '@automate/server/testing';
import { SEED_IDS, type Simulator } from '@automate/servicem8-sim';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { markChangelogSeen } from '../support/content.ts';

const WEB_ROOT = path.resolve(import.meta.dirname, '../../packages/web/dist');

let services: TestServices;
let sim: Simulator;
let server: { baseUrl: string };
let browser: Browser;

/**
 * The server in this process, serving the built web app, with a ServiceM8 simulator and no vendor yet:
 * the journey connects the first one (a process of its own cost a second and a half more CPU to start).
 */
beforeAll(async () => {
  services = await startTestServices({ webRoot: WEB_ROOT, simulator: {} });
  if (!services.sim || !services.baseUrl) throw new Error('the server listens for the simulator on a real port');
  sim = services.sim;
  server = { baseUrl: services.baseUrl };
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await services?.cleanup();
});

describe('connecting ServiceM8 in the browser', () => {
  it('signs in with ServiceM8, asks for consent, creates the business once its owner confirms, subscribes the webhooks and turns on a first automation', async () => {
    const context = await browser.newContext();
    // The What's new dialog would open over the app pages visited later.
    await markChangelogSeen(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/auth/login`);
    await page.getByRole('link', { name: 'Sign in with ServiceM8' }).click();

    await page.getByRole('button', { name: 'Allow' }).click();

    // Consent says only that this browser may use the account: the business is made for the person who
    // confirms their own address.
    await page.getByText('No business in Automate uses the ServiceM8 account').waitFor();
    await page.getByRole('textbox', { name: 'First name' }).fill('Olivia');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Harper');
    await page.getByRole('textbox', { name: 'Email' }).fill('olivia@example.org');
    await page.locator('input[type="password"]').fill('owner-password-2026');
    await page.getByRole('button', { name: 'Create Harbour Plumbing & Gas' }).click();
    await page.getByTestId('sm8-confirm-email').waitFor();
    const superAdmin = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
    const mail = await waitForEmail(services, superAdmin, { to: 'olivia@example.org', templateKey: 'verify-email' });
    // The owner opens the emailed link in a new tab. The first tab learns of the sign-in there and says
    // so, without reading the sign-in it used up again (that answered 404).
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    const confirmTab = await context.newPage();
    await confirmTab.goto(`${server.baseUrl}/sm8/confirm?${pageLinkIn(mail, '/sm8/confirm')}`);
    await confirmTab.waitForURL(`${server.baseUrl}/sm8/activated`);
    await confirmTab.getByText('Harbour Plumbing & Gas is connected to Automate.').waitFor();
    await page.getByText('You are now signed in as Olivia Harper.', { exact: false }).waitFor();
    expect(failed).toEqual([]);
    await confirmTab.close();
    await page.getByRole('link', { name: 'Go to the dashboard' }).waitFor();
    await page.goto(`${server.baseUrl}/sm8/activated`);
    await page.getByText('Harbour Plumbing & Gas is connected to Automate.').waitFor();

    const deadline = Date.now() + 30_000;
    const ours = () =>
      sim.controls.subscriptions().filter((s) => s.callbackUrl.startsWith(`${server.baseUrl}/api/Webhook/sm8cb?`));
    while (ours().length < 9 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ours().map((s) => s.status)).toEqual(Array(9).fill('active'));
    const challenges = sim.controls.deliveries().filter((d) => d.kind === 'challenge');
    expect(challenges.length).toBeGreaterThanOrEqual(9);
    expect(challenges.every((d) => d.ok)).toBe(true);
    expect(sim.controls.calls({ path: '/api_1.0/vendor' }).every((call) => call.accountUuid === SEED_IDS.vendor)).toBe(
      true,
    );

    // The newly connected business goes on to its first automations: the recommended ones, on its own records.
    await page.getByRole('link', { name: 'Pick your first automations' }).click();
    await page.waitForURL(`${server.baseUrl}/app/automation/onboarding`);
    await page.getByRole('heading', { name: 'Your first automations' }).waitFor();
    const booking = page.getByRole('article', { name: 'Booking confirmation' });
    await booking.getByRole('button', { name: 'Turn on “Booking confirmation”' }).click();
    await page.getByText('“Booking confirmation” is on.').waitFor();
    await booking.getByText('On', { exact: true }).waitFor();

    // Connecting again while signed in keeps the person signed in as themselves.
    await page.goto(`${server.baseUrl}/app/dashboard`);
    await page.getByTestId('user-name').filter({ hasText: 'Olivia Harper' }).waitFor();
    await page.goto(`${server.baseUrl}/auth/login`);
    // Once hydrated, the page says who is signed in above the form, which moves the button down: a
    // click before then could land where the button was.
    await page.getByText('You are signed in as Olivia Harper.').waitFor();
    await page.getByRole('link', { name: 'Sign in with ServiceM8' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Connecting does not change who is signed in', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await page.waitForURL(`${server.baseUrl}/sm8/activated`);

    // Connecting linked no ServiceM8 login to her: only opening Automate from ServiceM8 and proving her account does.
    await page.goto(`${server.baseUrl}/app/dashboard`);
    await page.getByTitle('Your profile').click();
    await page.waitForURL(`${server.baseUrl}/app/profile`);
    await page.getByText('No ServiceM8 logins are linked to you.', { exact: false }).waitFor();
  });
});
