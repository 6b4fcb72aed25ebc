import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseTarget } from '../../src/db/database.ts';

export type TestDatabase = { target: DatabaseTarget; drop(): Promise<void> };

/**
 * A database of the test file's own: in-memory PGlite by default, or a fresh PostgreSQL database
 * created next to TEST_DATABASE_URL (and dropped afterwards) when that is set.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { target: { kind: 'pglite', dataDir: undefined }, drop: async () => {} };

  const name = `automate_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: () => withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

async function withAdminClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
