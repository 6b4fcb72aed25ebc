/**
 * The server and the ServiceM8 simulator, each as its own process started from its real entry point,
 * so the benchmarks measure them through HTTP only and the server's memory is its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_MAIN = path.join(ROOT, 'packages/server/src/main.ts');
const SIM_MAIN = path.join(ROOT, 'packages/servicem8-sim/src/main.ts');

export type ChildHandle = {
  pid: number;
  /** What the process printed (the last 200 kB), for error messages. */
  output(): string;
  exited(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function startChild(
  file: string,
  env: Record<string, string>,
  logFile: string | undefined,
  nodeArgs: readonly string[] = [],
): ChildHandle {
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, file], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const log = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : undefined;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
    log?.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  exited.then(() => log?.end());
  return {
    pid: child.pid ?? 0,
    output: () => output,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, child: ChildHandle, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exited()) throw new Error(`${what}: it exited. Its output:\n${child.output().slice(-4000)}`);
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await child.stop(1000);
  throw new Error(`${what} within ${ms / 1000} s. Its output:\n${child.output().slice(-4000)}`);
}

/** `npm run sim` on a free port (`env` adds settings); answers its base URL once it prints it. */
export async function startSimulatorProcess(
  logFile?: string,
  env: Record<string, string> = {},
): Promise<ChildHandle & { baseUrl: string }> {
  const child = startChild(SIM_MAIN, { SIM_PORT: '0', SIM_HOST: '127.0.0.1', SIM_SEED: 'demo', ...env }, logFile);
  const baseUrl = await waitFor(
    'The simulator did not start',
    async () => /ServiceM8 simulator running at (http:\/\/\S+)/.exec(child.output())?.[1],
    child,
    30_000,
  );
  return { ...child, baseUrl };
}

/**
 * The server's own entry point (packages/server/src/main.ts) in production mode, on `port`, pointed
 * at the simulator. `env` adds or overrides settings (DATABASE_URL, the rate limits…).
 */
export async function startServerProcess(options: {
  port: number;
  dataDir: string;
  env: Record<string, string>;
  logFile?: string;
}): Promise<ChildHandle & { baseUrl: string }> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const child = startChild(
    SERVER_MAIN,
    {
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: options.dataDir,
      DEMO_MODE: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ...options.env,
    },
    options.logFile,
    serverNodeArgs(),
  );
  await waitFor(
    'The server did not answer /api/health',
    async () => ((await fetch(`${baseUrl}/api/health`)).ok ? true : undefined),
    child,
    120_000,
  );
  return { ...child, baseUrl };
}

/**
 * The Node options `npm start` gives the server (its `start` script's, so the benchmarks measure the
 * process as it runs in production), then those of `BENCH_SERVER_NODE_ARGS`, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes (written when it stops).
 */
function serverNodeArgs(): string[] {
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  return [...startScriptNodeOptions(), ...extra];
}

/** The options between `node` and the script in the root package.json's `start` script. */
function startScriptNodeOptions(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [command, ...words] = (manifest.scripts.start ?? '').trim().split(/\s+/);
  if (command !== 'node') throw new Error(`The start script does not begin with node: ${manifest.scripts.start}`);
  return words.slice(
    0,
    words.findIndex((word) => !word.startsWith('--')),
  );
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMb: number; peakRssMb: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return undefined;
  }
}
