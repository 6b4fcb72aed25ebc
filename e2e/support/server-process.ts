import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, freePort, type TestDatabase } from '@automate/server/testing';

const SERVER_MAIN = path.resolve(import.meta.dirname, '../../packages/server/src/main.ts');

export type ServerProcess = {
  baseUrl: string;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code once the process has shut down. */
  stop(): Promise<number | null>;
  /** Kills the process at once (SIGKILL), keeping its database and files for `restart`. */
  kill(): Promise<void>;
  /** Sends SIGTERM and resolves with the exit code, keeping the database and files for `restart`. */
  terminate(): Promise<number | null>;
  /** Starts the server again on the same port, database and files (after `kill`). */
  restart(): Promise<ServerProcess>;
};

/**
 * Starts the real server entry point as its own process, on a free port, with a database of its own
 * (PGlite in a temporary DATA_DIR, or a fresh PostgreSQL database when TEST_DATABASE_URL is set).
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  reuse?: { port: number; dataDir: string; database: TestDatabase },
): Promise<ServerProcess> {
  // A free port can be taken by another process (files run in parallel) before the server binds it:
  // then the server exits at once, and a new port is tried.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnPort(env, reuse);
    } catch (error) {
      if (reuse || attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnPort(
  env: Record<string, string>,
  reuse: { port: number; dataDir: string; database: TestDatabase } | undefined,
): Promise<ServerProcess> {
  const port = reuse?.port ?? (await freePort());
  const dataDir = reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'automate-e2e-'));
  const database: TestDatabase = reuse?.database ?? (await createTestDatabase({ dataDir }));
  const { child, output } = spawnServer({ port, dataDir, database, env });
  const baseUrl = `http://127.0.0.1:${port}`;
  const cleanup = async () => {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(baseUrl, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    await cleanup();
    throw error;
  }
  return {
    baseUrl,
    output,
    async stop() {
      const code = await signal(child, 'SIGTERM');
      await cleanup();
      return code;
    },
    async kill() {
      await signal(child, 'SIGKILL');
    },
    terminate: () => signal(child, 'SIGTERM'),
    restart: () => startServerProcess(env, { port, dataDir, database }),
  };
}

/**
 * The server's entry point as a process on `port`, without waiting for it: `output` is everything it
 * has printed so far.
 */
export function spawnServer(options: {
  port: number;
  dataDir: string;
  database: TestDatabase;
  env: Record<string, string>;
}): { child: ChildProcess; output: () => string } {
  const { port, dataDir, database, env } = options;
  // A journey's server lives for seconds to a minute: V8 compiling the embedded database's hot
  // WebAssembly again with its optimizing tier cost more CPU than the faster code saved (a start took
  // 3.6 s of CPU with it, 2.7 s without; the crash journey's four processes 20 s, 16.5 s without).
  const nodeArgs = database.target.kind === 'pglite' ? ['--liftoff-only'] : [];
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      // Each journey starts a server: the compiled code of the one before is reused.
      NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(os.tmpdir(), 'automate-node-compile-cache'),
      ...(database.target.kind === 'postgres' ? { DATABASE_URL: database.target.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

/** Sends `name` to the process and resolves with its exit code once it has exited. */
export function signal(child: ChildProcess, name: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(name);
  return exited;
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  // A server starting beside the rest of the suite on two cores has been seen to need more than a minute.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The server did not answer /api/health within 120 s:\n${output()}`);
}
