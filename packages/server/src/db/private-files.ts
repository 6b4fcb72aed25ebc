import fs from 'node:fs';
import path from 'node:path';

/** Directories holding the installation's data: only the owner may list or enter them. */
export const PRIVATE_DIR_MODE = 0o700;
/** Files holding the installation's data: only the owner may read or write them. */
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and its parents) if missing, and makes it the owner's alone. */
export function ensurePrivateDirectory(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** What Automate keeps in DATA_DIR. Anything else there belongs to someone else and is left alone. */
const DATA_DIR_ENTRIES = ['pglite', 'uploads', 'secret-key', 'automate.lock'];

/** Makes DATA_DIR and what Automate keeps in it the owner's alone (see `restrictToOwner`). */
export function restrictDataDirectory(dataDir: string): void {
  ensurePrivateDirectory(dataDir);
  for (const entry of DATA_DIR_ENTRIES) restrictToOwner(path.join(dataDir, entry));
}

/**
 * Makes everything under `dir` the owner's alone: directories 0700, files 0600. Fixes installations
 * whose files were created world-readable (the embedded database writes with the process umask).
 * Symbolic links are left alone and not followed.
 */
function restrictToOwner(dir: string): void {
  const stat = lstatIfPresent(dir);
  if (!stat) return;
  if (stat.isDirectory()) {
    chmodIfLooser(dir, stat.mode, PRIVATE_DIR_MODE);
    for (const name of fs.readdirSync(dir)) restrictToOwner(path.join(dir, name));
  } else if (stat.isFile()) {
    chmodIfLooser(dir, stat.mode, PRIVATE_FILE_MODE);
  }
}

function chmodIfLooser(file: string, mode: number, wanted: number): void {
  if ((mode & 0o777) === wanted) return;
  try {
    fs.chmodSync(file, wanted);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function lstatIfPresent(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
