import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../src/config.ts';
import type { App } from '../../src/http/app-type.ts';
import { type Role, type Services, startServices } from '../../src/services.ts';
import { createTestDatabase } from './test-database.ts';

export type TestServices = Services & {
  app: App;
  dataDir: string;
  /** Stops everything and removes the test's database and files. */
  cleanup(): Promise<void>;
};

/**
 * The real server (database migrated, queue, workers, HTTP app) on the test file's own database.
 * `beforeRegister` lets a test add routes of its own, e.g. to exercise shared HTTP behaviour.
 */
export async function startTestServices(options: { role?: Role; webRoot?: string } = {}): Promise<TestServices> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0' });
  const database = await createTestDatabase();
  const services = await startServices({
    config,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    target: database.target,
    role: options.role ?? 'all',
    webRoot: options.webRoot,
  });
  if (!services.app) throw new Error('startTestServices needs a role that serves HTTP.');
  return {
    ...services,
    app: services.app,
    dataDir,
    async cleanup() {
      await services.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
