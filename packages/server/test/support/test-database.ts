import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseTarget, pgliteDirectory } from '../../src/db/database.ts';
import type { DatabaseTemplate } from './database-template.ts';
import { acquireEmbeddedDatabase } from './embedded-database-pool.ts';
import { extractSnapshot } from './pglite-snapshot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every test file starts from, made once per run by the global setup. */
    databaseTemplate: DatabaseTemplate;
  }
}

export type TestDatabase = { target: DatabaseTarget; drop(): Promise<void> };

/**
 * A database of the test file's own, already migrated: PGlite as the run's snapshot holds it by
 * default (in memory, an instance an earlier file of this worker used and `drop` put back to the
 * snapshot's state, or written into `dataDir` for a server process to open), or, when
 * TEST_DATABASE_URL is set, a PostgreSQL database copied from the run's template database (and
 * dropped afterwards).
 */
export async function createTestDatabase(options: { dataDir?: string } = {}): Promise<TestDatabase> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    if (options.dataDir === undefined) {
      const embedded = await acquireEmbeddedDatabase(template.snapshotPath);
      return { target: { kind: 'pglite', dataDir: undefined, instance: embedded.client }, drop: embedded.release };
    }
    extractSnapshot(template.snapshotPath, pgliteDirectory(options.dataDir));
    return { target: { kind: 'pglite', dataDir: options.dataDir }, drop: async () => {} };
  }
  const name = `automate_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(template.adminUrl, async (client) => {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template.database}"`);
    // A commit answers before its WAL reaches the disk: durable unless PostgreSQL itself crashes, which
    // no test does; the server processes that tests kill lose nothing they committed.
    await client.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  });
  const url = new URL(template.adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: () =>
      withAdminClient(template.adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

/**
 * Puts the run's migrated embedded database into `dataDir`, as a first start would leave it before
 * seeding, on either database: the server then only checks the migrations instead of applying them
 * all. (The run's dump is made by migrating an empty PGlite, when the migrations change or the cache
 * in node_modules is new.)
 */
export async function prepareEmbeddedDataDir(dataDir: string): Promise<void> {
  extractSnapshot(inject('databaseTemplate').snapshotPath, pgliteDirectory(dataDir));
}

export async function withAdminClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * An empty PostgreSQL database to restore a backup into, on the test run's server (PostgreSQL runs
 * only); its URL. `dropScratchDatabase` removes it.
 */
export async function createScratchDatabase(prefix: string): Promise<string> {
  const adminUrl = postgresAdminUrl();
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database `createScratchDatabase` made. */
export async function dropScratchDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await withAdminClient(postgresAdminUrl(), (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

function postgresAdminUrl(): string {
  const template = inject('databaseTemplate');
  if (template.kind !== 'postgres') throw new Error('PostgreSQL only');
  return template.adminUrl;
}
