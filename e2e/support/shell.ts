import fs from 'node:fs';
import path from 'node:path';
import {
  OutboxMessage,
  STORAGE_KEYS,
  searchPage,
  successEnvelope,
  toSearchParams,
  UserSession,
} from '@automate/contract';
import { startTestServices } from '@automate/server/testing';
import type { Page } from 'playwright-core';

/** Helpers for the app-shell journeys: a demo-mode server, sign-in, the outbox, stored sessions. */

export const SUPER_ADMIN = { email: 'root@automate.local', password: 'root-password-2026' } as const;
export const DEMO_ADMIN = { email: 'demo-admin@automate.local', password: 'demo-admin-2026' } as const;

/** A desktop window: wide enough (≥ 1280 px) for breadcrumbs and the expanded sidebar. */
export const DESKTOP = { width: 1440, height: 900 } as const;

/** Where screenshots go: `test-results/` is ignored by git. */
const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../../test-results/e2e-shell');

/** The built web app the server serves to the journeys. */
const WEB_ROOT = path.resolve(import.meta.dirname, '../../packages/web/dist');

/** A demo-mode server for the journeys: its base URL, and how to stop it. */
export type DemoServer = { baseUrl: string; stop(): Promise<void> };

/**
 * The server in demo mode (its simulated ServiceM8 and Stripe, the demo business) with a known super
 * admin and sign-in rate limits out of the way, serving the built app on a real port. It runs in the
 * journey's process, with the server modules the worker has already loaded: what these journeys check
 * is the app (the server's start as a process is the foundation journey's subject).
 */
export async function startDemoServer(): Promise<DemoServer> {
  const services = await startTestServices({
    webRoot: WEB_ROOT,
    listen: true,
    env: { DEMO_MODE: 'true', ADMIN_EMAIL: SUPER_ADMIN.email, ADMIN_PASSWORD: SUPER_ADMIN.password },
  });
  const { baseUrl } = services;
  if (!baseUrl) throw new Error('the demo server did not listen on a port');
  return { baseUrl, stop: () => services.cleanup() };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`HTTP ${response.status} ${response.url}: ${text.slice(0, 500)}`);
  }
}

/** `POST /api/Auth/login` outside the browser. */
export async function apiLogin(baseUrl: string, account: { email: string; password: string }): Promise<UserSession> {
  const response = await fetch(`${baseUrl}/api/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = await readJson(response);
  if (!response.ok) throw new Error(`Login as ${account.email} failed (${response.status}): ${JSON.stringify(body)}`);
  return successEnvelope(UserSession).parse(body).data;
}

/** The path of the confirmation link emailed to `email` (`/auth/verify/{token}/{userId}`), read from the outbox. */
export function findVerificationPath(baseUrl: string, email: string): Promise<string> {
  return findEmailedPath(
    baseUrl,
    email,
    'verify-email',
    /https?:\/\/[^\s)>\]]+(\/auth\/verify\/[^\s/)>\]]+\/[0-9a-f-]{36})/i,
  );
}

/**
 * The path of the link in the newest email of `templateKey` to `email`, read from the outbox through the
 * super admin's API: the first group of `pattern` where it has one, else its whole match.
 */
export async function findEmailedPath(
  baseUrl: string,
  email: string,
  templateKey: string,
  pattern: RegExp,
): Promise<string> {
  const admin = await apiLogin(baseUrl, SUPER_ADMIN);
  const query = new URLSearchParams(
    toSearchParams({
      PageNumber: 1,
      PageSize: 20,
      SortBy: 'createdAt',
      SortDir: 'Descending',
      Filters: [
        { action: 'Eq', field: 'to', value: email },
        { action: 'Eq', field: 'templateKey', value: templateKey },
      ],
    }),
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/Admin/outbox/search?${query.toString()}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const body = await readJson(response);
    if (!response.ok) throw new Error(`Outbox search failed (${response.status}): ${JSON.stringify(body)}`);
    const page = successEnvelope(searchPage(OutboxMessage)).parse(body).data;
    for (const message of page.rows) {
      const match = pattern.exec(message.text);
      if (match) return match[1] ?? match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No ${templateKey} email to ${email} arrived in the outbox.`);
}

/** Puts a session into localStorage before the app's own scripts run on the next page load. */
export async function storeSession(page: Page, user: UserSession): Promise<void> {
  await page.addInitScript(
    ({ key, value }) => {
      if (!window.sessionStorage.getItem('e2e-session-seeded')) {
        window.localStorage.setItem(key, value);
        window.sessionStorage.setItem('e2e-session-seeded', '1');
      }
    },
    { key: STORAGE_KEYS.user, value: JSON.stringify(user) },
  );
}

/**
 * Opens `path` signed in as `account`, as a sign-in leaves the browser (the session in storage), for
 * journeys that are not about signing in: one page load instead of the login page's and then this one's.
 * `sessions`, where given, keeps each account's session for the file, so the password is checked once.
 */
export async function openSignedIn(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
  path: string,
  sessions = new Map<string, Promise<UserSession>>(),
): Promise<void> {
  let session = sessions.get(account.email);
  if (!session) {
    session = apiLogin(baseUrl, account);
    sessions.set(account.email, session);
  }
  await storeSession(page, await session);
  await page.goto(`${baseUrl}${path}`);
}

/** Width of the sidebar once its transition has finished. */
export async function settledSidebarWidth(page: Page, expected: number): Promise<number> {
  const sidebar = page.getByTestId('sidebar');
  const paper = sidebar.locator('.MuiDrawer-paper');
  const deadline = Date.now() + 5_000;
  let width = -1;
  while (Date.now() < deadline) {
    const box = await paper.boundingBox();
    width = Math.round(box?.width ?? -1);
    if (width === expected) {
      // and still the same a moment later: the transition is over
      await page.waitForTimeout(100);
      const again = await paper.boundingBox();
      if (Math.round(again?.width ?? -1) === expected) return expected;
    }
    await page.waitForTimeout(50);
  }
  return width;
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  // Ripples and transitions are taken to their end, so the picture shows the page at rest.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/**
 * Goes to `path` inside the page's running app without loading the page again, as the app's own links
 * do: the router resolves the path, follows its redirects and renders the page.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}
