import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger, redactError } from './logger.ts';
import { catchUpAfterStart } from './modules/webhooks/delivery-replay.ts';
import { DEFAULT_WEB_ROOT, databaseTargetFor, ROLES, type Role, type Services, startServices } from './services.ts';

const SHUTDOWN_GRACE_MS = 15_000;

// Everything this process creates (the embedded database, uploads, the secret key) is for its owner only.
process.umask(0o077);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } }, strict: false });
  const role = values.role as Role;
  if (!ROLES.includes(role)) {
    throw new ConfigError([`--role must be one of ${ROLES.join(', ')} (got "${String(values.role)}")`]);
  }
  const config = loadConfig();
  const logger = createLogger(config);
  const target = databaseTargetFor(config);

  // Listening for signals before anything starts: a deploy that stops the process while it is still
  // starting gets the same orderly stop (exit 0) as one that stops it later, not Node's default kill.
  let services: Services | undefined;
  let stopBy: number | undefined;
  const stopServices = (running: Services, by: number) =>
    running.stop({ by }).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  const shutdown = (signal: string) => {
    if (stopBy !== undefined) {
      logger.warn(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopBy = Date.now() + SHUTDOWN_GRACE_MS;
    logger.info(`${signal} received: finishing work in progress, then stopping.`);
    const force = setTimeout(() => {
      logger.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Still starting: it stops as soon as start-up has finished.
    if (services) void stopServices(services, stopBy);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const started = await startServices({ config, logger, target, role, webRoot: DEFAULT_WEB_ROOT });
  services = started;
  if (stopBy !== undefined) {
    await stopServices(started, stopBy);
    return;
  }

  if (started.app) {
    try {
      await started.app.listen({ port: config.port, host: config.host });
    } catch (error) {
      if (stopBy !== undefined) return; // stopped while it was opening the port
      throw error;
    }
    logger.info(`Automate is running at ${config.publicUrl} — API docs: ${config.publicUrl}/api/docs`);
    await catchUpAfterStart(started.deps);
  }
  logger.info({ role, database: target.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL' }, 'started');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    const redacted = redactError(error);
    console.error('Automate could not start:', redacted instanceof Error ? redacted.message : redacted);
    if (redacted instanceof Error && redacted.stack) console.error(redacted.stack);
  }
  process.exit(1);
});
