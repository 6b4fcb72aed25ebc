import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger, redactError } from './logger.ts';
import { catchUpAfterStart } from './modules/webhooks/delivery-replay.ts';
import { DEFAULT_WEB_ROOT, databaseTargetFor, ROLES, type Role, startServices } from './services.ts';

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
  const services = await startServices({ config, logger, target, role, webRoot: DEFAULT_WEB_ROOT });

  if (services.app) {
    await services.app.listen({ port: config.port, host: config.host });
    logger.info(`Automate is running at ${config.publicUrl} — API docs: ${config.publicUrl}/api/docs`);
    await catchUpAfterStart(services.deps);
  }
  logger.info({ role, database: target.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL' }, 'started');

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal} received: finishing work in progress, then stopping.`);
    const by = Date.now() + SHUTDOWN_GRACE_MS;
    const force = setTimeout(() => {
      logger.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    services.stop({ by }).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
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
