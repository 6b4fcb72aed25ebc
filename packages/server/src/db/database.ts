import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from 'pino';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { pgliteForDrizzle } from './pglite-drizzle-client.ts';
import { ensurePrivateDirectory, restrictDataDirectory } from './private-files.ts';
/** The drizzle database or a transaction on it: repositories take this as their first argument. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /**
   * `dataDir` undefined keeps the embedded database in memory (tests); `snapshot`, a dump of a data
   * directory, starts a new database from that copy instead of an empty one; `instance`, an embedded
   * database already running in memory, is used as it is and left running on close: its owner (the
   * tests, which reset one between files instead of starting another) closes it.
   */
  | { kind: 'pglite'; dataDir: string | undefined; snapshot?: Blob; instance?: PGlite };

/** The connections of a PostgreSQL pool: open, idle, queries waiting for one, and its size. */
export type PoolUse = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  driver: 'pglite' | 'postgres';
  db: Db;
  /** The embedded instance, for pg-boss to share the single connection; absent on PostgreSQL. */
  pglite: PGlite | undefined;
  /** The connection URL on PostgreSQL, for pg-boss to open its own pool. */
  url: string | undefined;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** The connection pool's use (PostgreSQL); undefined on the embedded database, which has one connection. */
  poolUse(): PoolUse | undefined;
  close(): Promise<void>;
};

/** Connections one process opens to PostgreSQL for its own queries (pg-boss keeps 5 more of its own). */
const POOL_SIZE = 10;

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

export async function openDatabase(target: DatabaseTarget, options: { logger?: Logger } = {}): Promise<Database> {
  return target.kind === 'postgres'
    ? openPostgres(target.url, options.logger)
    : target.instance
      ? usePglite(target.instance)
      : openPglite(target.dataDir, target.snapshot);
}

/** Where the embedded database lives inside DATA_DIR. */
export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** An embedded database its owner keeps running: closing it here leaves it open. */
function usePglite(client: PGlite): Promise<Database> {
  return pgliteDatabase(client, async () => {});
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  let releaseLock = () => {};
  if (dataDir !== undefined) {
    ensurePrivateDirectory(dataDir);
    releaseLock = acquireDataDirLock(dataDir);
  }
  let opened: PGlite | undefined;
  try {
    // Loaded only here: a server on PostgreSQL never holds the embedded database's code.
    const { PGlite } = await import('@electric-sql/pglite');
    const client =
      dataDir === undefined
        ? new PGlite({ loadDataDir: snapshot })
        : new PGlite(pgliteDirectory(dataDir), { loadDataDir: snapshot });
    opened = client;
    await client.waitReady;
    // PGlite creates files with no mode of its own (0666 less the umask), and older installations
    // were created world-readable: tighten on open and again after close, for what it made meanwhile.
    if (dataDir !== undefined) restrictDataDirectory(dataDir);
    return await pgliteDatabase(client, async () => {
      try {
        await client.close();
        if (dataDir !== undefined) restrictDataDirectory(dataDir);
      } finally {
        releaseLock();
      }
    });
  } catch (error) {
    await opened?.close().catch(() => {});
    releaseLock();
    throw error;
  }
}

async function pgliteDatabase(client: PGlite, close: () => Promise<void>): Promise<Database> {
  // Loaded only here: a server on PostgreSQL never holds the embedded database's code.
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const db = drizzlePglite(pgliteForDrizzle(client), { casing: 'snake_case' });
  return {
    driver: 'pglite',
    db,
    pglite: client,
    url: undefined,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolUse: () => undefined,
    close,
  };
}

async function openPostgres(url: string, logger: Logger | undefined): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, application_name: 'automate' });
  // An idle connection the server ends (a restart, a terminated backend) is reported here; without a
  // listener it would crash the process. The pool replaces the connection on the next query.
  pool.on('error', (error) => logger?.warn({ err: error }, 'an idle database connection was closed by the server'));
  const db = drizzleNodePg(pool, { casing: 'snake_case' });
  return {
    driver: 'postgres',
    db,
    pglite: undefined,
    url,
    migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_SIZE }),
    close: () => pool.end(),
  };
}
