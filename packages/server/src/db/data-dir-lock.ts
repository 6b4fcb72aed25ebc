import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from './private-files.ts';

/**
 * The embedded database may be opened by one process only; a second one would corrupt it.
 * A lock file holding the owner's pid keeps a second `npm start` from doing so, and a lock left
 * by a process that no longer exists is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'automate.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx', mode: PRIVATE_FILE_MODE });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && isAlive(owner)) {
        throw new Error(
          `Another Automate process (pid ${owner}) is using the embedded database in ${dataDir}. ` +
            'Stop it first, or set DATABASE_URL to share a PostgreSQL database between processes.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
