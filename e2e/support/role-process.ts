import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@automate/server/testing';

const SERVER_MAIN = path.resolve(import.meta.dirname, '../../packages/server/src/main.ts');

export type RoleProcess = {
  /** The API's address (`--role=api` only). */
  baseUrl: string | undefined;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code once the process has finished its work and stopped. */
  stop(): Promise<number | null>;
  /** Kills the process at once (SIGKILL), keeping its files (DATA_DIR) for `restart`. */
  kill(): Promise<void>;
  /** Sends SIGTERM and resolves with the exit code, keeping its files for `restart`. */
  terminate(): Promise<number | null>;
  /** Starts the role again with the same settings, port and files (after `kill`). */
  restart(): Promise<RoleProcess>;
};

/**
 * `packages/server/src/main.ts --role=api` or `--role=worker` as a process of its own, on the
 * PostgreSQL database in `env.DATABASE_URL` that other processes share. Resolves once the API answers
 * /api/health, or once the worker has subscribed to the jobs. The API listens on `env.PORT`, or on a
 * free port.
 */
export async function startRoleProcess(
  role: 'api' | 'worker',
  env: Record<string, string>,
  reuse?: { port: number; dataDir: string },
): Promise<RoleProcess> {
  const port = reuse?.port ?? (role === 'api' ? Number(env.PORT ?? (await freePort())) : 0);
  const baseUrl = role === 'api' ? `http://127.0.0.1:${port}` : undefined;
  const dataDir = reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `automate-${role}-`));
  const child = spawn(process.execPath, [SERVER_MAIN, `--role=${role}`], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(baseUrl ? { PUBLIC_URL: baseUrl } : {}),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      // Info, so the worker's "workers started" line says it is ready.
      LOG_LEVEL: 'info',
      // Each process starts from the compiled code of the ones before.
      NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(os.tmpdir(), 'automate-node-compile-cache'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    return exited;
  };
  const stop = async () => {
    const code = await signal('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
    return code;
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The ${role} process exited with code ${child.exitCode}:\n${output}`);
    if (baseUrl ? await answers(`${baseUrl}/api/health`) : output.includes('workers started')) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The ${role} process was not ready within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    output: () => output,
    stop,
    kill: async () => {
      await signal('SIGKILL');
    },
    terminate: () => signal('SIGTERM'),
    restart: () => startRoleProcess(role, env, { port, dataDir }),
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}
