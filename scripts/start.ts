/**
 * `npm start`: builds the web app if it has not been built, then starts the server (API, workers
 * and the built app on one port). Arguments pass through: `npm start -- --role=worker`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webIndex = path.join(root, 'packages/web/dist/index.html');

if (!fs.existsSync(webIndex) && !process.argv.includes('--role=worker')) {
  console.info('Building the web app (first start only; `npm run build` rebuilds it)…');
  execFileSync('npm', ['run', 'build', '--workspace', '@automate/web', '--silent'], { cwd: root, stdio: 'inherit' });
}

await import('../packages/server/src/main.ts');
