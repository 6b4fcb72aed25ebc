import fs from 'node:fs';
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
import { connectThroughConsent } from '../support/servicem8-consent.ts';

const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../../test-results/e2e-servicem8-addon');
const WEB_ROOT = path.resolve(import.meta.dirname, '../../packages/web/dist');

let services: TestServices;
let sim: Simulator;
let simUrl: string;
let server: { baseUrl: string };
let browser: Browser;

/** The server in this process, serving the built web app, with a ServiceM8 simulator that approves at once. */
beforeAll(async () => {
  services = await startTestServices({ webRoot: WEB_ROOT, simulator: { oauth: { autoApprove: true } } });
  if (!services.sim || !services.baseUrl) throw new Error('the server listens for the simulator on a real port');
  sim = services.sim;
  simUrl = sim.baseUrl();
  server = { baseUrl: services.baseUrl };
  // The owner creates her business for the account, then links her ServiceM8 login with her password.
  const superAdmin = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
  const mailed = async (to: string) =>
    `${server.baseUrl}/sm8/confirm?${pageLinkIn(await waitForEmail(services, superAdmin, { to, templateKey: 'verify-email' }), '/sm8/confirm')}`;
  await connectThroughConsent(server.baseUrl, SEED_IDS.vendor, mailed);
  const { jwt } = await sim.controls.mintAddonEvent({ eventName: 'automate_open', staffUuid: SEED_IDS.staff.owner });
  const opened = await fetch(`${server.baseUrl}/api/Auth/servicem8/tokenlogin?token=${jwt}`);
  const { claim } = ((await opened.json()) as { data: { claim: string } }).data;
  const linked = await fetch(`${server.baseUrl}/api/Auth/servicem8/link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      claim,
      proof: { kind: 'password', email: 'owner-c0ffee00@example.org', password: 'owner-password-2026' },
    }),
  });
  if (!linked.ok) throw new Error(`Olivia's login was not linked: ${await linked.text()}`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await services?.cleanup();
});

/**
 * How ServiceM8 labels the POST's body is not documented: the server tests answer each way
 * (servicem8-addon-window.test.ts); what the browser does with the window is the same for all, so the
 * journey takes the simulator's default.
 */
describe('opening Automate from ServiceM8’s add-on window', () => {
  it('ServiceM8 POSTs the add-on event, shows the eventResponse, and its button opens Automate signed in', async () => {
    const invoked = await sim.controls.invokeAddon({
      url: `${server.baseUrl}/api/Auth/servicem8/addon`,
      eventName: 'automate_open',
      eventArgs: { jobUUID: SEED_IDS.jobs.quoteHotWater },
      staffUuid: SEED_IDS.staff.owner,
    });
    expect(invoked).toMatchObject({ status: 200, error: null });

    const context = await browser.newContext();
    try {
      await markChangelogSeen(context);
      // ServiceM8 shows the eventResponse HTML in an iframe of its add-on window, on its own origin.
      const servicem8 = await context.newPage();
      await servicem8.goto(simUrl);
      await servicem8.evaluate((html) => {
        const frame = document.createElement('iframe');
        frame.title = 'Automate add-on';
        frame.style.width = '640px';
        frame.style.height = '360px';
        frame.srcdoc = html;
        document.body.prepend(frame);
      }, invoked.eventResponse ?? '');
      const window = servicem8.frameLocator('iframe[title="Automate add-on"]');
      await window.getByText('Open your automations for Harbour Plumbing & Gas.', { exact: false }).waitFor();
      fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
      await servicem8.screenshot({ path: path.join(ARTIFACTS_DIR, 'add-on-window.png') });

      const [automate] = await Promise.all([
        context.waitForEvent('page'),
        window.getByRole('link', { name: 'Open Automate' }).click(),
      ]);
      await automate.waitForURL(`${server.baseUrl}/app/dashboard`);
      await automate.getByTestId('user-name').filter({ hasText: 'Olivia Harper' }).waitFor();
      // Opened from ServiceM8, the session is automatic: no Logout.
      expect(await automate.getByRole('button', { name: 'Logout' }).count()).toBe(0);

      // The code worked once: the same button now says the link is no longer valid.
      const again = await context.newPage();
      const href = await window.getByRole('link', { name: 'Open Automate' }).getAttribute('href');
      await again.goto(String(href));
      await again.getByText('This ServiceM8 link is not valid or has expired.', { exact: false }).waitFor();
    } finally {
      await context.close();
    }
  });
});
