import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, freePort } from '@automate/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type ServerProcess, signal, spawnServer, startServerProcess } from '../support/server-process.ts';

let server: ServerProcess | undefined;
let browser: Browser;
let page: Page;

/** The file's server, started by the first test that needs it (the SIGTERM test stops it). */
async function running(): Promise<ServerProcess> {
  if (!server) server = await startServerProcess();
  return server;
}

beforeAll(async () => {
  [browser] = await Promise.all([launchBrowser(), running()]);
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the app shell in Chromium', () => {
  it('shows the home page with the live system status', async () => {
    const { baseUrl } = await running();
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Put your ServiceM8 follow-ups on autopilot' }).waitFor();
    await page.getByText('All systems operational · server v1.8.0').waitFor();
    expect(await page.title()).toBe('Automate · Automations for ServiceM8');
  });

  it('opens a deep link through the SPA fallback and shows the not-found page for an unknown path', async () => {
    const { baseUrl } = await running();
    const response = await page.goto(`${baseUrl}/some/unknown/place?from=email`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: /home/i }).first().click();
    await page.waitForURL(`${baseUrl}/`);
  });

  it('browses the API documentation', async () => {
    const { baseUrl } = await running();
    await page.goto(`${baseUrl}/api/docs`);
    await page.getByText('/api/health').first().waitFor();
    await page.getByText('Automate API').first().waitFor();
  });
});

describe('the server process', () => {
  // The file's own server, so no second one starts for this; a test after it would start a new one.
  it('shuts down cleanly on SIGTERM', async () => {
    const stopping = await running();
    server = undefined;
    const code = await stopping.stop();
    expect(code, `the server's output:\n${stopping.output()}`).toBe(0);
  });

  it('stops cleanly on a SIGTERM that arrives while it is still starting', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-e2e-'));
    const database = await createTestDatabase({ dataDir });
    const { child, output } = spawnServer({ port: await freePort(), dataDir, database, env: { LOG_LEVEL: 'info' } });
    try {
      // Its first log line is written while it starts (before it listens): a deploy stopping it then.
      await expect.poll(output, { timeout: 120_000, interval: 20 }).toMatch(/\n/);
      const code = await signal(child, 'SIGTERM');
      expect(code, `the server's output:\n${output()}`).toBe(0);
      expect(output()).toContain('SIGTERM received');
      expect(output()).toContain('stopped: database');
    } finally {
      child.kill('SIGKILL');
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
