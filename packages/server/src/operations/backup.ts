import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { APP_VERSION } from '@automate/contract';
import pg from 'pg';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { openDatabase, pgliteDirectory } from '../db/database.ts';
import { recordRestore } from '../modules/automation/observe/restore-baseline.service.ts';

const run = promisify(execFile);

/**
 * Backups of everything Automate keeps: the database and the files in DATA_DIR (uploads, the spool of
 * deliveries, the generated secret key that decrypts stored ServiceM8 tokens).
 *
 * A backup is a folder: `manifest.json`, `data-dir.tar.gz` and, on PostgreSQL, `database.dump`
 * (`pg_dump`'s custom format). On the embedded database the data directory is the database, and a
 * consistent copy needs it closed: the backup takes the directory's lock, so it refuses while a server
 * has it open.
 */
export type BackupManifest = {
  format: 1;
  driver: 'pglite' | 'postgres';
  appVersion: string;
  createdAt: string;
};

export type BackupTarget = { dataDir: string; databaseUrl: string | undefined };

const MANIFEST = 'manifest.json';
const DATA_DIR_ARCHIVE = 'data-dir.tar.gz';
const DATABASE_DUMP = 'database.dump';
/** What of DATA_DIR a PostgreSQL installation keeps beside the database. */
const FILES_BESIDE_POSTGRES = ['uploads', 'spool', 'secret-key'];

export async function backup(target: BackupTarget, into: string, now = new Date()): Promise<string> {
  if (!target.databaseUrl && !fs.existsSync(pgliteDirectory(target.dataDir))) {
    throw new Error(`${target.dataDir} holds no embedded database to back up: is DATA_DIR right?`);
  }
  const folder = path.join(into, `automate-${now.toISOString().replace(/[:.]/g, '-')}`);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  try {
    return await writeBackup(target, folder, now);
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

async function writeBackup(target: BackupTarget, folder: string, now: Date): Promise<string> {
  const manifest: BackupManifest = {
    format: 1,
    driver: target.databaseUrl ? 'postgres' : 'pglite',
    appVersion: APP_VERSION,
    createdAt: now.toISOString(),
  };
  if (target.databaseUrl) {
    const dump = path.join(folder, DATABASE_DUMP);
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, target.databaseUrl]);
    // pg_dump creates its file by the umask (usually 0644); the dump holds every business's data.
    fs.chmodSync(dump, 0o600);
    await archive(target.dataDir, FILES_BESIDE_POSTGRES, path.join(folder, DATA_DIR_ARCHIVE));
  } else {
    const release = acquireDataDirLock(target.dataDir);
    try {
      await archive(
        target.dataDir,
        fs.readdirSync(target.dataDir).filter((name) => name !== 'automate.lock'),
        path.join(folder, DATA_DIR_ARCHIVE),
      );
    } finally {
      release();
    }
  }
  fs.writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return folder;
}

/**
 * Restores a backup into an empty database (and DATA_DIR): it refuses to overwrite one that holds
 * data, so a restore never mixes two installations. The restored database is then migrated and told
 * it was restored (`recordRestore`): ServiceM8 changes made after the backup were automated already,
 * and must not be again.
 */
export async function restore(target: BackupTarget, folder: string, now = new Date()): Promise<BackupManifest> {
  const manifest = readManifest(folder);
  const driver = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.driver !== driver) {
    throw new Error(
      `This backup is of ${describe(manifest.driver)}, and the server is set up for ${describe(driver)}: ` +
        (manifest.driver === 'postgres' ? 'set DATABASE_URL to restore it.' : 'unset DATABASE_URL to restore it.'),
    );
  }
  fs.mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  if (target.databaseUrl) {
    await assertEmptyPostgres(target.databaseUrl);
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${target.databaseUrl}`,
      path.join(folder, DATABASE_DUMP),
    ]);
    await extract(path.join(folder, DATA_DIR_ARCHIVE), target.dataDir);
  } else {
    const release = acquireDataDirLock(target.dataDir);
    try {
      const existing = pgliteDirectory(target.dataDir);
      if (fs.existsSync(existing) && fs.readdirSync(existing).length > 0) {
        throw new Error(
          `${target.dataDir} already holds a database: restore into an empty DATA_DIR, or move it away first.`,
        );
      }
      await extract(path.join(folder, DATA_DIR_ARCHIVE), target.dataDir);
    } finally {
      release();
    }
  }
  await markRestored(target, { backupCreatedAt: new Date(manifest.createdAt), restoredAt: now });
  return manifest;
}

async function markRestored(target: BackupTarget, at: { backupCreatedAt: Date; restoredAt: Date }): Promise<void> {
  const database = await openDatabase(
    target.databaseUrl ? { kind: 'postgres', url: target.databaseUrl } : { kind: 'pglite', dataDir: target.dataDir },
  );
  try {
    await database.migrate();
    await recordRestore(database.db, at);
  } finally {
    await database.close();
  }
}

function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${folder} is not an Automate backup: it has no ${MANIFEST}.`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`${folder} is a backup in a format this version cannot read.`);
  return manifest;
}

const describe = (driver: BackupManifest['driver']) =>
  driver === 'postgres' ? 'a PostgreSQL database' : 'the embedded database';

async function assertEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: string }>(
      "select count(*) as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    if (Number(rows[0]?.tables) > 0) {
      throw new Error('The database already holds tables: restore into an empty database (createdb a new one).');
    }
  } finally {
    await client.end();
  }
}

async function archive(dataDir: string, names: string[], file: string): Promise<void> {
  const present = names.filter((name) => fs.existsSync(path.join(dataDir, name)));
  // An empty archive still restores to nothing, so every backup has the same files.
  await run('tar', ['-czf', file, '-C', dataDir, ...(present.length > 0 ? present : ['--files-from=/dev/null'])]);
  fs.chmodSync(file, 0o600);
}

async function extract(file: string, dataDir: string): Promise<void> {
  await run('tar', ['-xzf', file, '-C', dataDir]);
}
