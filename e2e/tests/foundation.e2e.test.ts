import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

let server: ServerProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  if (server) await server.stop();
});

describe('the app shell in Chromium', () => {
  it('shows the home page with the live system status', async () => {
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Put your ServiceM8 follow-ups on autopilot' }).waitFor();
    await page.getByText('All systems operational · server v1.8.0').waitFor();
    expect(await page.title()).toBe('Automate · Automations for ServiceM8');
  });

  it('opens a deep link through the SPA fallback and shows the not-found page for an unknown path', async () => {
    const response = await page.goto(`${server.baseUrl}/some/unknown/place?from=email`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: /home/i }).first().click();
    await page.waitForURL(`${server.baseUrl}/`);
  });

  it('browses the API documentation', async () => {
    await page.goto(`${server.baseUrl}/api/docs`);
    await page.getByText('/api/health').first().waitFor();
    await page.getByText('Automate API').first().waitFor();
  });
});

describe('the server process', () => {
  it('shuts down cleanly on SIGTERM', async () => {
    const other = await startServerProcess();
    expect(await other.stop()).toBe(0);
  });
});
