import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSimulator, type Simulator, type SimulatorOptions } from '@automate/servicem8-sim';
import { buildStripeSim, type StripeSim } from '@automate/stripe-sim';
import type { DestinationStream, LevelWithSilent } from 'pino';
import { type Config, loadConfig } from '../../src/config.ts';
import type { DatabaseTarget } from '../../src/db/database.ts';
import type { Clock } from '../../src/deps.ts';
import type { App } from '../../src/http/app-type.ts';
import { createLogger } from '../../src/logger.ts';
import type { SpoolWrite } from '../../src/modules/webhooks/delivery-spool.ts';
import { type Role, type Services, startServices } from '../../src/services.ts';
import { type ReservedPort, reservePort } from './free-port.ts';
import { checkAnswersAgainstDocument } from './openapi-conformance.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * Real time, shifted by however far a test has moved it. A wait (retry backoff, the rate limit)
 * passes at once: the clock jumps to its end, unless it is already past it, so waits that overlap
 * move it as far as the longest of them, as they would in real time.
 */
export type TestClock = Clock & { advance(ms: number): void };

export function createTestClock(): TestClock {
  let offset = 0;
  const now = () => Date.now() + offset;
  return {
    now: () => new Date(now()),
    advance: (ms) => {
      offset += ms;
    },
    async sleep(ms) {
      const until = now() + ms;
      // Other work due now runs first, as it would during a real wait.
      await new Promise((resolve) => setImmediate(resolve));
      offset = Math.max(offset, until - Date.now());
    },
  };
}

export type TestServices = Services & {
  app: App;
  /** The ServiceM8 simulator the server talks to, when asked for. */
  sim: Simulator | undefined;
  /** The Stripe simulator the server talks to, when asked for (its events are delivered by the test). */
  stripe: StripeSim | undefined;
  /** The webhook signing secret the server checks Stripe's events with. */
  stripeWebhookSecret: string;
  /** The server's own address, when it listens (deliveries from the simulator need one). */
  baseUrl: string | undefined;
  clock: TestClock;
  dataDir: string;
  /** The database this test file got; a second process may open it too (PostgreSQL only). */
  target: DatabaseTarget;
  /** Stops everything and removes the test's database and files. */
  cleanup(): Promise<void>;
};

/**
 * The real server (database migrated, queue, workers, HTTP app) on the test file's own database.
 * `beforeRegister` lets a test add routes of its own, e.g. to exercise shared HTTP behaviour.
 */
export async function startTestServices(
  options: {
    role?: Role;
    webRoot?: string;
    authRateLimitPerMinute?: string;
    env?: Record<string, string>;
    /** Settings beyond what the environment can say (e.g. a request timeout under a second). */
    config?: Partial<Config>;
    /** Start a ServiceM8 simulator, point the server at it, and listen on a real port for its webhooks. */
    simulator?: SimulatorOptions;
    /** Listen on a real port (the server's PUBLIC_URL), as for a browser, with or without a simulator. */
    listen?: boolean;
    /** Start a Stripe simulator and point the server's Stripe SDK at it (STRIPE_API_URL). */
    stripe?: boolean;
    /** Where the server's log lines go (JSON, one a line), and from which level; silent without it. */
    log?: { stream: DestinationStream; level: LevelWithSilent };
    /** On PostgreSQL: the URL the server connects to instead of the test database's own (a proxy to it). */
    databaseUrl?: (url: string) => Promise<string>;
    /** On PGlite: keep the database in the data directory, as `npm start` does, instead of in memory. */
    embeddedOnDisk?: boolean;
    /** How the delivery spool writes a record's bytes: a test's full disk. */
    spoolWrite?: SpoolWrite;
    /**
     * Start again on a database and data directory that outlive this server (a stopped one's, or one
     * restored from a backup), with the simulator and clock it used, on its port (the simulator's
     * webhook subscriptions name it). `cleanup` then leaves them for their owner.
     */
    resume?: { database: DatabaseTarget; dataDir: string; sim: Simulator; clock: TestClock; port: number };
  } = {},
): Promise<TestServices> {
  const resume = options.resume;
  const clock = resume?.clock ?? createTestClock();
  let sim: Simulator | undefined = resume?.sim;
  let port = resume ? String(resume.port) : '0';
  const simEnv: Record<string, string> = {};
  const listens = options.listen === true || options.simulator !== undefined || resume !== undefined;
  // Held until the server listens on it: starting the server takes seconds, and its connections take ports.
  let reserved: ReservedPort | undefined;
  if (resume) {
    const info = resume.sim.info();
    Object.assign(simEnv, {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SM8_APP_ID: info.appId,
      SM8_APP_SECRET: info.appSecret,
      SM8_API_URL: resume.sim.baseUrl(),
      SM8_OAUTH_URL: resume.sim.baseUrl(),
    });
  } else if (listens) {
    reserved = await reservePort();
    port = String(reserved.port);
    simEnv.PUBLIC_URL = `http://127.0.0.1:${port}`;
  }
  if (options.simulator && !resume) {
    sim = buildSimulator({ clock, ...options.simulator });
    const simUrl = await sim.listen();
    const info = sim.info();
    Object.assign(simEnv, {
      SM8_APP_ID: info.appId,
      SM8_APP_SECRET: info.appSecret,
      SM8_API_URL: simUrl,
      SM8_OAUTH_URL: simUrl,
    });
  }
  const stripeWebhookSecret = 'whsec_test_automate_server';
  let stripe: StripeSim | undefined;
  if (options.stripe) {
    stripe = buildStripeSim({ nowMs: () => Date.now() });
    Object.assign(simEnv, {
      STRIPE_API_URL: await stripe.listen(),
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    });
  }
  const dataDir = resume?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'automate-test-'));
  const loaded = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: port,
    DEMO_MODE: 'false',
    PUBLIC_URL: 'https://automate.test',
    AUTH_RATE_LIMIT_PER_MINUTE: options.authRateLimitPerMinute ?? '1000',
    // Sent jobs wake their workers, and tests that make jobs due by hand call `queue.wake()`: the poll
    // only catches what neither announced, and each fetcher's idle poll costs CPU the tests share.
    QUEUE_POLL_SECONDS: '5',
    ...simEnv,
    ...options.env,
  });
  const config: Config = { ...loaded, ...options.config };
  const database = resume
    ? { target: resume.database, drop: async () => {} }
    : await createTestDatabase(options.embeddedOnDisk ? { dataDir } : {});
  const services = await startServices({
    config,
    logger: createLogger(
      {
        logLevel: options.log?.level ?? (process.env.TEST_LOG_LEVEL as LevelWithSilent | undefined) ?? 'silent',
        nodeEnv: 'test',
      },
      options.log?.stream,
    ),
    target:
      database.target.kind === 'postgres' && options.databaseUrl
        ? { kind: 'postgres', url: await options.databaseUrl(database.target.url) }
        : database.target,
    role: options.role ?? 'all',
    webRoot: options.webRoot,
    clock,
    // The every-minute dispatch and the 15-minute reconciliation would otherwise fire whenever the
    // wall clock passes their minute, in the middle of whichever test runs then; tests call them.
    cron: false,
    ...(options.spoolWrite ? { spoolWrite: options.spoolWrite } : {}),
  });
  if (!services.app) throw new Error('startTestServices needs a role that serves HTTP.');
  // Every answer a test gets through `inject` must be one the OpenAPI document describes.
  checkAnswersAgainstDocument(services.app);
  if (reserved) {
    await reserved.release();
    await services.app.listen({ port: reserved.port, host: '127.0.0.1' });
  } else if (resume) {
    await services.app.listen({ port: resume.port, host: '127.0.0.1' });
  }
  return {
    ...services,
    app: services.app,
    sim,
    stripe,
    stripeWebhookSecret,
    baseUrl: listens ? config.publicUrl : undefined,
    clock,
    dataDir,
    target: database.target,
    async cleanup() {
      await services.stop();
      await stripe?.close();
      if (resume) return;
      await sim?.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
