/**
 * The database the server under test uses, for seeding and checking with raw SQL on table names
 * (the tables are the product's; their Drizzle definitions may move between files).
 *
 * Embedded (PGlite): a DATA_DIR of its own; only one process may open it, so SQL runs while the
 * server is stopped. PostgreSQL: a scratch database created from BENCH_DATABASE_URL and dropped
 * afterwards; SQL runs at any time.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../packages/server/src/db/database.ts';

export type DbKind = 'pglite' | 'postgres';

export type BenchDatabase = {
  kind: DbKind;
  /** The server's DATA_DIR (uploads, the secret key, and the embedded database). */
  dataDir: string;
  /** What to add to the server's environment. */
  env: Record<string, string>;
  /** Runs raw SQL and answers the rows. On PGlite, only while the server is stopped. */
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
  /** Closes what `query` opened (PGlite must be closed before the server starts again). */
  release(): Promise<void>;
  drop(): Promise<void>;
};

type Rows<T> = { rows: T[] };

export async function createBenchDatabase(kind: DbKind, adminUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-bench-'));
  let open: Database | undefined;
  const run = async <T>(text: string): Promise<T[]> => {
    if (!open) throw new Error('the database is not open');
    return ((await open.db.execute(sql.raw(text))) as unknown as Rows<T>).rows;
  };
  if (kind === 'pglite') {
    return {
      kind,
      dataDir,
      env: {},
      async query<T>(text: string) {
        open ??= await openDatabase({ kind: 'pglite', dataDir });
        return run<T>(text);
      },
      async release() {
        await open?.close();
        open = undefined;
      },
      async drop() {
        await open?.close();
        open = undefined;
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!adminUrl) throw new Error('BENCH_DATABASE_URL is not set');
  const name = `automate_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  try {
    const admin = await openDatabase({ kind: 'postgres', url: adminUrl });
    try {
      await admin.db.execute(sql.raw(`CREATE DATABASE "${name}"`));
    } finally {
      await admin.close();
    }
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    dataDir,
    env: { DATABASE_URL: url.toString() },
    async query<T>(text: string) {
      open ??= await openDatabase({ kind: 'postgres', url: url.toString() });
      return run<T>(text);
    },
    async release() {
      await open?.close();
      open = undefined;
    },
    async drop() {
      await open?.close();
      open = undefined;
      const dropper = await openDatabase({ kind: 'postgres', url: adminUrl });
      try {
        await dropper.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      } finally {
        await dropper.close();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
