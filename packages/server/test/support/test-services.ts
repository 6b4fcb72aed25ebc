import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../src/config.ts';
import type { Clock } from '../../src/deps.ts';
import type { App } from '../../src/http/app-type.ts';
import { type Role, type Services, startServices } from '../../src/services.ts';
import { createTestDatabase } from './test-database.ts';

/** Real time, shifted by however far a test has moved it. */
export type TestClock = Clock & { advance(ms: number): void };

export function createTestClock(): TestClock {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => (offset += ms) };
}

export type TestServices = Services & {
  app: App;
  clock: TestClock;
  dataDir: string;
  /** Stops everything and removes the test's database and files. */
  cleanup(): Promise<void>;
};

/**
 * The real server (database migrated, queue, workers, HTTP app) on the test file's own database.
 * `beforeRegister` lets a test add routes of its own, e.g. to exercise shared HTTP behaviour.
 */
export async function startTestServices(
  options: { role?: Role; webRoot?: string; authRateLimitPerMinute?: string; env?: Record<string, string> } = {},
): Promise<TestServices> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
    DEMO_MODE: 'false',
    PUBLIC_URL: 'https://automate.test',
    AUTH_RATE_LIMIT_PER_MINUTE: options.authRateLimitPerMinute ?? '1000',
    ...options.env,
  });
  const clock = createTestClock();
  const database = await createTestDatabase();
  const services = await startServices({
    config,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    target: database.target,
    role: options.role ?? 'all',
    webRoot: options.webRoot,
    clock,
  });
  if (!services.app) throw new Error('startTestServices needs a role that serves HTTP.');
  return {
    ...services,
    app: services.app,
    clock,
    dataDir,
    async cleanup() {
      await services.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
