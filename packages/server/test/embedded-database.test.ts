import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { systemPingJob } from '../src/modules/system/system.jobs.ts';
import { startServices } from '../src/services.ts';
import { prepareEmbeddedDataDir } from './support/test-database.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-embedded-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
const start = () =>
  startServices({
    config,
    logger: pino({ level: 'silent' }),
    target: { kind: 'pglite', dataDir },
    role: 'api',
    webRoot: undefined,
  });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database in DATA_DIR', () => {
  it('keeps accepted work across a restart, and lets one process at a time open it', async () => {
    await prepareEmbeddedDataDir(dataDir);
    const first = await start();
    const inAnHour = new Date(Date.now() + 3_600_000);
    const id = await first.deps.queue.send(
      systemPingJob,
      { sentAt: new Date().toISOString() },
      { startAfter: inAnHour },
    );

    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
      `Another Automate process (pid ${process.pid}) is using the embedded database in ${dataDir}.`,
    );
    await first.stop();

    const second = await start();
    try {
      expect(await second.deps.queue.findJob(systemPingJob, id)).toMatchObject({ state: 'created' });
    } finally {
      await second.stop();
    }
  });

  it('keeps DATA_DIR to its owner: directories 0700, files 0600, an older installation’s included', async () => {
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-private-'));
    try {
      // What an installation from before looked like: readable by everyone.
      fs.chmodSync(privateDir, 0o755);
      fs.mkdirSync(path.join(privateDir, 'uploads'));
      fs.chmodSync(path.join(privateDir, 'uploads'), 0o755);
      fs.writeFileSync(path.join(privateDir, 'uploads', 'old-logo.png'), 'png');
      fs.chmodSync(path.join(privateDir, 'uploads', 'old-logo.png'), 0o644);
      // Its database too, from the run's migrated dump.
      await prepareEmbeddedDataDir(privateDir);
      for (const entry of listTree(privateDir)) {
        fs.chmodSync(path.join(privateDir, entry.name), entry.directory ? 0o755 : 0o644);
      }

      const services = await startServices({
        config: loadConfig({ NODE_ENV: 'test', DATA_DIR: privateDir }),
        logger: pino({ level: 'silent' }),
        target: { kind: 'pglite', dataDir: privateDir },
        role: 'api',
        webRoot: undefined,
      });
      await services.deps.files.put('new-logo.png', new Uint8Array([1, 2, 3]));
      await services.deps.queue.send(systemPingJob, { sentAt: new Date().toISOString() });
      await services.stop();

      const entries = listTree(privateDir);
      expect(entries.map((entry) => entry.name)).toEqual(
        expect.arrayContaining(['pglite', 'secret-key', 'uploads/new-logo.png', 'uploads/old-logo.png']),
      );
      const looser = entries.filter((entry) => entry.mode !== (entry.directory ? 0o700 : 0o600));
      expect(looser.map((entry) => `${entry.name} ${entry.mode.toString(8)}`)).toEqual([]);
    } finally {
      fs.rmSync(privateDir, { recursive: true, force: true });
    }
  });

  it('refuses a separate worker process, which only PostgreSQL can serve', async () => {
    await expect(
      startServices({
        config,
        logger: pino({ level: 'silent' }),
        target: { kind: 'pglite', dataDir },
        role: 'worker',
        webRoot: undefined,
      }),
    ).rejects.toThrow('--role=worker needs DATABASE_URL (PostgreSQL)');
  });
});

/** Every directory and file under `root` (itself as ''), with its permission bits. */
function listTree(root: string): Array<{ name: string; directory: boolean; mode: number }> {
  const stat = fs.statSync(root);
  const entries = [{ name: '', directory: true, mode: stat.mode & 0o777 }];
  for (const name of fs.readdirSync(root, { recursive: true }) as string[]) {
    const entry = fs.lstatSync(path.join(root, name));
    entries.push({ name, directory: entry.isDirectory(), mode: entry.mode & 0o777 });
  }
  return entries;
}
