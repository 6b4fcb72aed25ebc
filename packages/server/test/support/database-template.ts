import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { JOBS } from '../../src/jobs.ts';
import { createQueue } from '../../src/queue/queue.ts';
import { withAdminClient } from './test-database.ts';

/**
 * The run's migrated databases. `snapshotPath`, a PGlite dump, is there on both: tests whose subject is
 * the embedded database in DATA_DIR start from it on a PostgreSQL run too.
 */
export type DatabaseTemplate =
  | { kind: 'pglite'; snapshotPath: string }
  | { kind: 'postgres'; adminUrl: string; database: string; snapshotPath: string };

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MIGRATIONS = path.join(ROOT, 'packages/server/drizzle');
const SNAPSHOT_CACHE = path.join(ROOT, 'node_modules/.cache/automate-test-database');

/**
 * Migrates one database for the whole run (schema and queue tables), so each test file copies it
 * instead of migrating its own: a PGlite data-directory dump, or a PostgreSQL template database next
 * to TEST_DATABASE_URL. Returns the template and a function that removes it.
 */
export async function createDatabaseTemplate(): Promise<{ template: DatabaseTemplate; remove(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { template: { kind: 'pglite', snapshotPath: await pgliteSnapshot() }, remove: async () => {} };

  const name = `automate_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const [snapshotPath] = await Promise.all([pgliteSnapshot(), postgresTemplate(adminUrl, name)]);
  return {
    template: { kind: 'postgres', adminUrl, database: name, snapshotPath },
    remove: () => withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

async function postgresTemplate(adminUrl: string, name: string): Promise<void> {
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
}

/**
 * The PGlite dump, kept in node_modules/.cache between runs under a name derived from the migrations
 * and the versions of PGlite and pg-boss: making it (initdb, every migration) is the slowest step
 * before the first test can start. Any later migration is still applied when a test's server starts,
 * so a dump is never stale, only slower.
 */
async function pgliteSnapshot(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  for (const pkg of ['@electric-sql/pglite', 'pg-boss']) {
    hash.update(fs.readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json')));
  }
  hash.update(fs.readFileSync(import.meta.filename));
  const snapshotPath = path.join(SNAPSHOT_CACHE, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(snapshotPath)) return snapshotPath;

  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    await prepare(database);
    // Every test file and journey loads this dump into a new PGlite, and loading it costs in proportion
    // to its files: without the two template databases (which nothing copies from), a third less.
    // (One statement at a time: DROP DATABASE refuses to run in a transaction block.)
    for (const statement of [
      "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
      'drop database template0',
      'drop database template1',
      'checkpoint',
    ]) {
      await database.pglite?.exec(statement);
    }
    const dump = await database.pglite?.dumpDataDir('none');
    if (!dump) throw new Error('PGlite gave no dump of its data directory.');
    fs.mkdirSync(SNAPSHOT_CACHE, { recursive: true });
    // Written aside and renamed, so a run beside this one never reads half a file.
    const partial = `${snapshotPath}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, snapshotPath);
  } finally {
    await database.close();
  }
  // Dumps of other migrations go once nobody has used them for a day (a run beside this one may be
  // reading one now).
  for (const other of fs.readdirSync(SNAPSHOT_CACHE)) {
    const full = path.join(SNAPSHOT_CACHE, other);
    if (full !== snapshotPath && Date.now() - fs.statSync(full).atimeMs > 86_400_000) fs.rmSync(full, { force: true });
  }
  return snapshotPath;
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
