import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run typecheck`: the type checker over every package's project and the root's, as many at once
 * as the machine has cores (one `tsc` uses one core; run one after another they took 52 s on two
 * cores, one of them idle). The longest first, so the run does not end waiting on one started late.
 * The projects are the workspaces' and the root's. Each project's errors are printed together when it ends; the exit code is 1 when any project fails.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
// The workspaces are listed dependencies first, so the app's packages (the longest to check) come last there.
const PROJECTS = [...workspaces].reverse().concat('.');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

function check(project: string): Promise<{ project: string; ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '-p', path.join(ROOT, project, 'tsconfig.json')], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ project, ok: code === 0, output }));
  });
}

const waiting = [...PROJECTS];
let failed = 0;
async function lane(): Promise<void> {
  for (let project = waiting.shift(); project !== undefined; project = waiting.shift()) {
    const result = await check(project);
    process.stdout.write(`${result.ok ? 'ok    ' : 'FAILED'} ${project}\n${result.output}`);
    if (!result.ok) failed += 1;
  }
}

await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, lane));
if (failed > 0) {
  process.stdout.write(`${failed} of ${PROJECTS.length} projects have type errors\n`);
  process.exit(1);
}
