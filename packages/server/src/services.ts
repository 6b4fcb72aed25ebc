import path from 'node:path';
import type { Simulator } from '@automate/servicem8-sim';
import type { StripeSim } from '@automate/stripe-sim';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type DatabaseTarget, openDatabase } from './db/database.ts';
import { type Clock, type Deps, systemClock } from './deps.ts';
import type { App } from './http/app-type.ts';
import { createSm8Http } from './integrations/servicem8/sm8-http.ts';
import { createStripeClient } from './integrations/stripe/stripe-client.ts';
import { JOBS } from './jobs.ts';
import { createSessionTokens } from './modules/auth/session-tokens.ts';
import { observeChangedObject } from './modules/automation/observe/change-observation.service.ts';
import { reconcileVendor } from './modules/automation/observe/reconciliation.service.ts';
import type { BillingRuntime } from './modules/billing/billing-runtime.ts';
import { startReadinessWatch } from './modules/health/readiness-watch.ts';
import { createMailTransport } from './modules/mail/mail-transport.ts';
import type { Sm8Runtime } from './modules/servicem8/sm8-access.ts';
import { startWorkerHeartbeat } from './modules/system/worker-heartbeat.service.ts';
import { startDeliveryReplay } from './modules/webhooks/delivery-replay.ts';
import { openDeliverySpool, type SpoolWrite } from './modules/webhooks/delivery-spool.ts';
import { openRefusedDeliveries } from './modules/webhooks/refused-deliveries.ts';
import { createMetrics, type Metrics, sm8OutcomeOf } from './observability/metrics.ts';
import { startTracing } from './observability/tracing.ts';
import { serveWorkerMetrics } from './observability/worker-metrics-server.ts';
import { createQueue, newWorkerId } from './queue/queue.ts';
import { resolveAppKeys } from './secrets.ts';
import { connectDemoVendor, startDemoServiceM8 } from './seed/demo-servicem8.ts';
import { resetDemoBilling, startDemoStripe } from './seed/demo-stripe.ts';
import { seed } from './seed/seed.ts';
import { createLocalFileStorage } from './storage/file-storage.ts';

export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

export type Services = {
  deps: Deps;
  /** Present when the role serves HTTP. */
  app: App | undefined;
  /**
   * Stops everything that started, last started first. With `by` (a time in ms), running jobs get only the
   * time left before it, less what closing the database needs, so the process can still exit cleanly by then.
   */
  stop(options?: { by?: number }): Promise<void>;
};

/** Kept back from the jobs' share of a shutdown deadline for the steps after the queue (the database's close). */
const CLOSE_RESERVE_MS = 3_000;
/** Running jobs never get less than this to finish, however late the shutdown began. */
const MIN_JOB_WAIT_MS = 1_000;
const DEFAULT_JOB_WAIT_MS = 10_000;

export const DEFAULT_WEB_ROOT = path.resolve(import.meta.dirname, '../../web/dist');

export function databaseTargetFor(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

function sm8RuntimeFor(config: Config, logger: Logger, clock: Clock, metrics: Metrics): Sm8Runtime {
  const { appId, appSecret, apiUrl, oauthUrl, scopes, rateLimits } = config.servicem8;
  return {
    http: createSm8Http({
      log: logger,
      sleep: (ms) => clock.sleep(ms),
      now: () => clock.now().getTime(),
      onAttempt: (status) => metrics.sm8Requests.inc({ outcome: sm8OutcomeOf(status) }),
    }),
    app: appId && appSecret ? { appId, appSecret, oauthUrl, scopes } : undefined,
    apiUrl,
    rateLimits,
    maxRateWaitMs: 120_000,
  };
}

/**
 * The composition root: opens the database (migrated and seeded), the queue, and what the role asks
 * for: the HTTP app, the workers, or both. Stops them in reverse order. main.ts and the integration
 * tests both start here.
 */
export async function startServices(options: {
  config: Config;
  logger: Logger;
  target: DatabaseTarget;
  role: Role;
  webRoot: string | undefined;
  clock?: Clock;
  /** False in tests: no scheduled job fires by the wall clock in the middle of one (see createQueue). */
  cron?: boolean;
  /** How the delivery spool writes a record's bytes (a test's full disk); the file's own write without it. */
  spoolWrite?: SpoolWrite;
}): Promise<Services> {
  const { config, logger, role } = options;
  if (role === 'worker' && options.target.kind === 'pglite') {
    throw new Error(
      '--role=worker needs DATABASE_URL (PostgreSQL): the embedded database can be opened by one process only, ' +
        'so with it the API process runs the workers itself.',
    );
  }
  type StopStep = { name: string; run: (by: number | undefined) => Promise<void> | void };
  const stops: StopStep[] = [];
  const onStop = (name: string, run: StopStep['run']) => stops.push({ name, run });
  // Every step runs even when an earlier one fails, so a failing step never leaves the database open. Each step's
  // duration is logged so a slow shutdown says where its time went.
  const stop = async (stopOptions?: { by?: number }) => {
    const failures: unknown[] = [];
    for (const step of stops.splice(0).reverse()) {
      const started = Date.now();
      try {
        await step.run(stopOptions?.by);
      } catch (error) {
        failures.push(error);
      }
      logger.info({ ms: Date.now() - started }, `stopped: ${step.name}`);
    }
    if (failures.length > 0) throw new AggregateError(failures, 'Some services did not stop cleanly.');
  };
  try {
    // Stopped last, so the spans of everything stopping before it are sent.
    if (config.otlpEndpoint) onStop('tracing', startTracing());
    const database = await openDatabase(options.target, { logger });
    onStop('database', () => database.close());
    await database.migrate();

    const clock = options.clock ?? systemClock;
    const keys = resolveAppKeys(config);
    const metrics = createMetrics();
    let servicem8 = sm8RuntimeFor(config, logger, clock, metrics);
    let demoSimulator: Simulator | undefined;
    if (config.demoMode && !servicem8.app && role !== 'worker') {
      const demo = await startDemoServiceM8(
        { port: config.servicem8.simulatorPort, clock },
        { ...servicem8, scopes: config.servicem8.scopes },
      );
      demoSimulator = demo.simulator;
      servicem8 = demo.runtime;
      onStop('demo ServiceM8', () => demo.simulator.close());
      logger.info(
        `Demo mode: simulated ServiceM8 at ${demo.runtime.apiUrl} (open it to change jobs and watch automations)`,
      );
    }
    let billing: BillingRuntime | undefined;
    let demoStripe: StripeSim | undefined;
    const { secretKey, webhookSecret, apiUrl } = config.stripe;
    if (secretKey && webhookSecret) {
      billing = {
        stripe: createStripeClient(secretKey, apiUrl),
        webhookSecret,
        simulated: !apiUrl.startsWith('https://api.stripe.com'),
      };
    } else if (config.demoMode && role !== 'worker') {
      const demo = await startDemoStripe({ port: config.stripe.simulatorPort, publicUrl: config.publicUrl });
      billing = demo.runtime;
      demoStripe = demo.sim;
      onStop('demo Stripe', () => demo.sim.close());
      logger.info(`Demo mode: simulated Stripe at ${demo.sim.baseUrl()} (pay with the test card 4242 4242 4242 4242)`);
    }
    // The queue stops before the demo simulators, so jobs still running can finish their calls.
    const queue = await createQueue({ database, jobs: JOBS, logger, settings: config.queue, cron: options.cron });
    onStop('queue', (by) =>
      queue.stop(
        by === undefined
          ? DEFAULT_JOB_WAIT_MS
          : Math.max(MIN_JOB_WAIT_MS, Math.min(DEFAULT_JOB_WAIT_MS, by - Date.now() - CLOSE_RESERVE_MS)),
      ),
    );

    const deps: Deps = {
      config,
      database,
      queue,
      logger,
      keys,
      clock,
      startedAt: clock.now(),
      metrics,
      sessions: createSessionTokens(keys.sessionSigningKey, config.sessionTtlHours, clock),
      mail: createMailTransport({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        logger,
        logLinks: config.nodeEnv !== 'production',
      }),
      servicem8,
      billing,
      files: createLocalFileStorage(path.join(config.dataDir, 'uploads')),
      deliverySpool: openDeliverySpool(path.join(config.dataDir, 'spool'), { write: options.spoolWrite }),
      refusedDeliveries: openRefusedDeliveries(path.join(config.dataDir, 'spool')),
      reconcileAutomation: (vendorId) => reconcileVendor(deps, vendorId),
      observeChanges: (vendorId, object, asOf) => observeChangedObject(deps, { vendorId, object, receivedAt: asOf }),
    };
    metrics.watch({
      queueNames: JOBS.map((job) => job.name),
      queueBacklog: () => queue.backlog(),
      ...(role !== 'worker' ? { spool: deps.deliverySpool } : {}),
      poolUse: () => database.poolUse(),
      now: () => clock.now(),
    });
    if (role !== 'worker') await seed(deps);
    if (demoStripe) await resetDemoBilling(deps);
    if (demoSimulator) await connectDemoVendor(deps, demoSimulator);

    if (role !== 'api') {
      // The embedded database is this process's alone: a job it holds as running was left by a process that died.
      if (database.driver === 'pglite') await queue.reclaimAbandoned();
      const workerId = newWorkerId();
      await queue.startWorkers(deps, workerId);
      onStop('worker heartbeat', await startWorkerHeartbeat(database.db, { workerId, role, log: logger }));
    }
    if (role === 'worker' && config.metrics.token && config.metrics.port !== undefined) {
      const endpoint = await serveWorkerMetrics(metrics, config.metrics.token, {
        port: config.metrics.port,
        host: config.host,
      });
      logger.info(`Worker metrics at http://${config.host}:${endpoint.port}/api/metrics`);
      onStop('worker metrics', () => endpoint.close());
    }

    let app: App | undefined;
    if (role !== 'worker') {
      onStop('delivery replay', startDeliveryReplay(deps));
      const built = await buildApp({ ...deps, webRoot: options.webRoot });
      onStop('http', () => closeHttp(built));
      app = built;
    }
    const takesWork = [
      ...(role !== 'api' ? ['the workers fetch no jobs'] : []),
      ...(role !== 'worker' ? ["/api/ready answers 503 and ServiceM8's deliveries wait in the spool"] : []),
    ];
    onStop(
      'readiness watch',
      startReadinessWatch(deps, {
        what: takesWork.join('; '),
        ...(role !== 'api' ? { pause: () => queue.pauseWorkers(), resume: () => queue.resumeWorkers() } : {}),
      }),
    );
    return { deps, app, stop };
  } catch (error) {
    await stop().catch((stopError) => logger.warn({ err: stopError }, 'could not stop what had started'));
    throw error;
  }
}

/**
 * Fastify's close waits for every connection to end. A keep-alive connection whose request was under way
 * when the close began is idle once it is answered, yet stays open until its keep-alive timeout (72 s),
 * past the shutdown's grace: so idle connections are closed every 100 ms until the close is done.
 */
async function closeHttp(app: App): Promise<void> {
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
}
