import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEED_IDS } from '@automate/servicem8-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import { backup, restore } from '../src/operations/backup.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { createScratchDatabase, dropScratchDatabase } from './support/test-database.ts';

/**
 * `npm run backup` and `npm run restore` on the database the run uses: a business with its team, a
 * trigger and a run is backed up, restored into an empty database and data directory, and reads the same.
 */

const onPostgres = inject('databaseTemplate').kind === 'postgres';
let h: AutomationHarness;
let triggerId: string;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-backup-'));
const restoredDataDir = path.join(scratch, 'restored-data');
let restoredDatabaseUrl: string | undefined;

beforeAll(async () => {
  h = await startAutomationHarness({ embeddedOnDisk: true });
  triggerId = await h.createTrigger({
    event: 'JobStatusChanged',
    actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Backed up.' } }],
  });
  await h.change('job', SEED_IDS.jobs.quoteKitchenTap, { status: 'Work Order' });
  await h.settledRuns(triggerId, 1);
  fs.mkdirSync(path.join(h.dataDir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(h.dataDir, 'uploads', 'brochure.pdf'), '%PDF-1.4 brochure');
}, 90_000);
afterAll(async () => {
  await h?.cleanup();
  if (restoredDatabaseUrl) await dropScratchDatabase(restoredDatabaseUrl);
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** What a restore must bring back: who can sign in, the triggers, the runs. */
async function contents(database: Database) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  return {
    users: await rows(sql`select id, email, password_hash from users order by id`),
    triggers: await rows(sql`select id, name, version, definition from triggers order by id`),
    runs: await rows(sql`select id, trigger_id, status, job_uuid from trigger_runs order by id`),
  };
}

describe('backup and restore', () => {
  it('restores the users, triggers, runs and uploaded files into an empty database', async () => {
    const before = await contents(h.deps.database);
    expect(before.runs).toHaveLength(1);
    const target = { dataDir: h.dataDir, databaseUrl: h.target.kind === 'postgres' ? h.target.url : undefined };
    // The embedded database is its data directory: it is copied only while no server has it open.
    if (!onPostgres) await expect(backup(target, scratch)).rejects.toThrow('is using the embedded database');
    await h.stop();
    const folder = await backup(target, scratch);
    // Readable by the server's user only, like DATA_DIR: the dump and the archive hold every business's data.
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    const files = fs.readdirSync(folder).sort();
    expect(files).toEqual(
      onPostgres ? ['data-dir.tar.gz', 'database.dump', 'manifest.json'] : ['data-dir.tar.gz', 'manifest.json'],
    );
    for (const file of files) expect([file, fs.statSync(path.join(folder, file)).mode & 0o777]).toEqual([file, 0o600]);
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'))).toMatchObject({
      format: 1,
      driver: onPostgres ? 'postgres' : 'pglite',
    });

    if (onPostgres) restoredDatabaseUrl = await createScratchDatabase('automate_restore');
    const restoredTarget = { dataDir: restoredDataDir, databaseUrl: restoredDatabaseUrl };
    await restore(restoredTarget, folder);
    const restored = await openDatabase(
      restoredDatabaseUrl
        ? { kind: 'postgres', url: restoredDatabaseUrl }
        : { kind: 'pglite', dataDir: restoredDataDir },
    );
    try {
      expect(await contents(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(fs.readFileSync(path.join(restoredDataDir, 'uploads', 'brochure.pdf'), 'utf8')).toBe('%PDF-1.4 brochure');

    // A second restore into the same place would mix two installations: refused.
    await expect(restore(restoredTarget, folder)).rejects.toThrow(
      onPostgres ? 'already holds tables' : 'already holds a database',
    );
  });
});
