import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { toSearchParams } from '@automate/contract';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS } from '../src/seed/seed.ts';
import { startServices } from '../src/services.ts';
import { prepareEmbeddedDataDir } from './support/test-database.ts';
import { createTestClock } from './support/test-services.ts';
import { waitFor } from './support/wait-for.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-seed-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Starts the embedded installation in `dir` and returns what it logged (warnings and up). */
async function startOnce(env: Record<string, string>, dir = dataDir) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()).msg);
      done();
    },
  });
  const services = await startServices({
    // Jobs (the demo vendor's first sync) are picked up within half a second instead of two.
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, QUEUE_POLL_SECONDS: '0.5', ...env }),
    logger: pino({ level: 'warn' }, sink),
    target: { kind: 'pglite', dataDir: dir },
    role: 'all',
    webRoot: undefined,
    // The first sync waits for ServiceM8's rate limit: on a test clock those waits pass at once.
    clock: createTestClock(),
  });
  return { services, lines };
}

async function signIn(services: Awaited<ReturnType<typeof startOnce>>['services'], email: string, password: string) {
  if (!services.app) throw new Error('no app');
  const response = await services.app.inject({ method: 'POST', url: '/api/Auth/login', payload: { email, password } });
  return response;
}

function signedInGet(
  services: Awaited<ReturnType<typeof startOnce>>['services'],
  url: string,
  token: string,
  headers: Record<string, string> = {},
) {
  if (!services.app) throw new Error('no app');
  return services.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });
}

describe('first start', () => {
  it('creates a super admin with a generated password shown once, and the demo vendor in demo mode on the Demo plan', async () => {
    await prepareEmbeddedDataDir(dataDir);
    const first = await startOnce({ DEMO_MODE: 'true' });
    try {
      const created = first.lines.find((line) => line.startsWith('Created the super admin admin@automate.local'));
      const password = created?.match(/with the password (\S+) /)?.[1];
      expect(password, first.lines.join('\n')).toBeDefined();
      const admin = await signIn(first.services, 'admin@automate.local', password ?? '');
      expect(admin.statusCode, admin.body).toBe(200);
      expect(admin.json().data.roles).toEqual(['SuperAdmin']);

      const demoAdmin = await signIn(first.services, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      expect(demoAdmin.json().data.vendors).toMatchObject([{ name: 'Demo Plumbing Ltd', role: 'Admin' }]);
      const demoUser = await signIn(first.services, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
      expect(demoUser.json().data.vendors).toMatchObject([{ name: 'Demo Plumbing Ltd', role: 'User' }]);

      // Without ServiceM8 credentials the demo vendor is connected to the in-process simulator.
      const { token, vendors } = demoAdmin.json().data as {
        token: string;
        vendors: Array<{ vendorId: string; sm8Connected: boolean }>;
      };
      expect(vendors[0]?.sm8Connected).toBe(true);
      const badges = await waitFor(
        async () => {
          const reference = await signedInGet(
            first.services,
            `/api/Vendor/${vendors[0]?.vendorId}/servicem8/reference`,
            token,
          );
          return (reference.json().data as Array<{ kind: string }>).filter((item) => item.kind === 'badge');
        },
        (found) => found.length > 0,
        'the badges of the demo vendor’s first sync',
      );
      expect(badges.length).toBeGreaterThan(0);

      // On the Demo plan, with no subscription to pay: Billing and the admin's vendor list and page name it alike.
      const vendorId = vendors[0]?.vendorId ?? '';
      const vendor = await signedInGet(first.services, `/api/Vendor/${vendorId}`, token);
      expect(vendor.json().data).toMatchObject({ currentSubscriptionType: 'Demo', hasCurrentSubscription: true });
      const subscription = await signedInGet(first.services, '/api/Accounting/product/sub/active', token, {
        'x-vendor-id': vendorId,
      });
      expect(subscription.statusCode, subscription.body).toBe(200);
      expect(subscription.json().data).toBeNull();
      const adminToken = admin.json().data.token as string;
      // The list as it opens: the vendors with a current subscription.
      const listQuery = toSearchParams({ Filters: [{ action: 'Eq', field: 'hasCurrentSubscription', value: true }] });
      const list = await signedInGet(
        first.services,
        `/api/Admin/vendors/search?${new URLSearchParams(listQuery)}`,
        adminToken,
      );
      expect(list.statusCode, list.body).toBe(200);
      expect(
        (list.json().data.rows as Array<{ name: string; currentSubscriptionType: string | null }>).map((row) => [
          row.name,
          row.currentSubscriptionType,
        ]),
      ).toContainEqual(['Demo Plumbing Ltd', 'Demo']);
      const page = await signedInGet(first.services, `/api/Admin/vendors/${vendorId}`, adminToken);
      expect(page.json().data).toMatchObject({ name: 'Demo Plumbing Ltd', currentSubscriptionType: 'Demo' });
    } finally {
      await first.services.stop();
    }

    const second = await startOnce({
      DEMO_MODE: 'true',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'boss-pass-2026',
    });
    try {
      expect(second.lines.filter((line) => line.startsWith('Created'))).toEqual([]);
      expect(second.lines.filter((line) => line.startsWith('Demo mode'))).toEqual([]);
      expect((await signIn(second.services, 'boss@example.com', 'boss-pass-2026')).statusCode).toBe(401);
    } finally {
      await second.services.stop();
    }
    // Two whole installations start and stop on disk; a stop waits for running jobs (up to 10 s).
  }, 60_000);

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when they are set', async () => {
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-seed-'));
    await prepareEmbeddedDataDir(otherDir);
    const { services, lines } = await startOnce(
      { DEMO_MODE: 'false', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-pass-2026' },
      otherDir,
    );
    try {
      expect(lines).toContain('Created the super admin owner@example.com with the password from ADMIN_PASSWORD.');
      expect((await signIn(services, 'owner@example.com', 'owner-pass-2026')).statusCode).toBe(200);
      expect((await signIn(services, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).statusCode).toBe(401);
    } finally {
      await services.stop();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
