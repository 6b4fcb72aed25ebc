import path from 'node:path';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, type DatabaseTarget, openDatabase } from './db/database.ts';
import type { App } from './http/app-type.ts';
import { startWorkerHeartbeat } from './modules/system/worker-heartbeat.service.ts';
import { JOBS } from './queue/jobs.ts';
import { createQueue, newWorkerId, type Queue } from './queue/queue.ts';

export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

export type Services = {
  database: Database;
  queue: Queue;
  /** Present when the role serves HTTP. */
  app: App | undefined;
  stop(): Promise<void>;
};

export const DEFAULT_WEB_ROOT = path.resolve(import.meta.dirname, '../../web/dist');

export function databaseTargetFor(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

/**
 * Opens the database (migrating it), the queue, and what the role asks for: the HTTP app, the
 * workers, or both. Stops them in reverse order. main.ts and the integration tests both start here.
 */
export async function startServices(options: {
  config: Config;
  logger: Logger;
  target: DatabaseTarget;
  role: Role;
  webRoot: string | undefined;
}): Promise<Services> {
  const { config, logger, role } = options;
  if (role === 'worker' && options.target.kind === 'pglite') {
    throw new Error(
      '--role=worker needs DATABASE_URL (PostgreSQL): the embedded database can be opened by one process only, ' +
        'so with it the API process runs the workers itself.',
    );
  }
  const stops: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step();
  };
  try {
    const database = await openDatabase(options.target);
    stops.push(() => database.close());
    await database.migrate();

    const queue = await createQueue({ database, jobs: JOBS, logger });
    stops.push(() => queue.stop());

    if (role !== 'api') {
      const workerId = newWorkerId();
      await queue.startWorkers({ config, database, workerId });
      stops.push(await startWorkerHeartbeat(database.db, { workerId, role, log: logger }));
    }

    let app: App | undefined;
    if (role !== 'worker') {
      app = await buildApp({ config, database, queue, logger, webRoot: options.webRoot });
      const builtApp = app;
      stops.push(() => builtApp.close());
    }
    return { database, queue, app, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
