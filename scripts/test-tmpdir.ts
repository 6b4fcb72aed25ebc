import fs from 'node:fs';

/**
 * Puts the test run's scratch files (embedded databases, uploads, Chromium profiles) in memory when the
 * machine has a tmpfs at /dev/shm: a data directory is a thousand small files, which a disk makes
 * many times slower to write and copy. A TMPDIR given to the run is kept.
 */
export function useMemoryTmpdir(): void {
  if (process.env.TMPDIR) return;
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    process.env.TMPDIR = '/dev/shm';
  } catch {
    // No tmpfs here: the system's temporary directory it is.
  }
}
