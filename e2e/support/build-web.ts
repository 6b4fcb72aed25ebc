import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB = path.join(ROOT, 'packages/web');
/** Where the build records the sources it was made from. */
const STAMP = path.join(WEB, 'dist/.sources-hash');

/** Everything the web app's build reads: its sources, its build set-up and the contract it imports (tests aside). */
const INPUTS = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/build',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
  'packages/contract/src',
  'package-lock.json',
];

/** Test files and test helpers sit among the sources but are never part of the build. */
const NOT_BUILT = /(\.test\.tsx?$|[\\/]testing[\\/])/;

function filesUnder(relative: string): string[] {
  const absolute = path.join(ROOT, relative);
  if (!fs.existsSync(absolute)) return [];
  if (!fs.statSync(absolute).isDirectory()) return [relative];
  return fs
    .readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !NOT_BUILT.test(file))
    .sort();
}

function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder)) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * Vitest global setup: the journeys run against a production build of the web app as it is now. The
 * build is made again only when a source changed since the last one (a second run of the suite, on
 * the other database, reuses it).
 */
export default function buildWeb(): void {
  const hash = sourcesHash();
  const built = fs.existsSync(path.join(WEB, 'dist/index.html')) && fs.existsSync(STAMP);
  if (built && fs.readFileSync(STAMP, 'utf8') === hash) return;
  execFileSync('npm', ['run', 'build', '--workspace', '@automate/web', '--silent'], {
    cwd: ROOT,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test; the journeys must run the production bundle users get.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  fs.writeFileSync(STAMP, hash);
}
