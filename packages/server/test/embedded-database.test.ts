import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { systemPingJob } from '../src/modules/system/system-ping.job.ts';
import { startServices } from '../src/services.ts';

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
