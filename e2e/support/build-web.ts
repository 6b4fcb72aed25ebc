import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Vitest global setup: the journeys run against a fresh production build of the web app. */
export default function buildWeb(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  execFileSync('npm', ['run', 'build', '--workspace', '@automate/web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test; the journeys must run the production bundle users get.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
