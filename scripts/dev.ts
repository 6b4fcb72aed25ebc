/**
 * `npm run dev`: the server restarting on change (port 3000) and the Vite dev server with hot reload
 * (port 5173, forwarding /api to the server). Ctrl+C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', 'packages/server/src/main.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@automate/web'], { cwd: root, stdio: 'inherit' }),
];
console.info('Open http://localhost:5173 (hot reload); the API runs on http://localhost:3000.');

let stopping = false;
const stopAll = (code: number) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 2000).unref();
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
