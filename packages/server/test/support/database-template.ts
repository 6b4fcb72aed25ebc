import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { JOBS } from '../../src/queue/jobs.ts';
import { createQueue } from '../../src/queue/queue.ts';
import { withAdminClient } from './test-database.ts';

export type DatabaseTemplate =
  | { kind: 'pglite'; snapshotPath: string }
  | { kind: 'postgres'; adminUrl: string; database: string };

/**
 * Migrates one database for the whole run (schema and queue tables), so each test file copies it
 * instead of migrating its own: a PGlite data-directory dump, or a PostgreSQL template database next
 * to TEST_DATABASE_URL. Returns the template and a function that removes it.
 */
export async function createDatabaseTemplate(): Promise<{ template: DatabaseTemplate; remove(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      await prepare(database);
      const dump = await database.pglite?.dumpDataDir('none');
      if (!dump) throw new Error('PGlite gave no dump of its data directory.');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-template-'));
      const snapshotPath = path.join(dir, 'pglite.tar');
      fs.writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
      return {
        template: { kind: 'pglite', snapshotPath },
        remove: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    } finally {
      await database.close();
    }
  }

  const name = `automate_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await prepare(database);
  } finally {
    // A template database can be copied only while nobody is connected to it.
    await database.close();
  }
  return {
    template: { kind: 'postgres', adminUrl, database: name },
    remove: () => withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

async function prepare(database: Database): Promise<void> {
  await database.migrate();
  const queue = await createQueue({
    database,
    jobs: JOBS,
    logger: pino({ level: 'silent' }),
    settings: { pollSeconds: 2, superviseSeconds: 30, concurrency: 1, vendorConcurrency: 1 },
  });
  await queue.stop();
}
