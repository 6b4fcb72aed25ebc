import { createTestDatabase, freePort, type TestDatabase } from '@automate/server/testing';
import type { Simulator } from '@automate/servicem8-sim';
import { poll } from './poll.ts';
import { type RoleProcess, startRoleProcess } from './role-process.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { confirmLinkInLog, connectThroughConsent } from './servicem8-consent.ts';

/** The part of a deployment a crash test kills: the process taking ServiceM8's webhooks, or the one running the jobs. */
export type CrashRole = 'api' | 'worker';

export type ShutdownReport = { code: number | null; ms: number; log: string };

export type CrashDeployment = {
  /** The API's address; it stays the same across restarts. */
  baseUrl: string;
  /** What the database is, for the test's report. */
  description: string;
  /** SIGKILLs the process that plays `role`; its files and database stay for `restart`. */
  kill(role: CrashRole): Promise<void>;
  /** Starts the killed process again, on the same port, files and database. */
  restart(role: CrashRole): Promise<void>;
  /** SIGTERMs every process at once; answers each one's exit code, how long it took to exit and what it logged meanwhile. */
  terminate(): Promise<ShutdownReport[]>;
  /** Starts every process again after `terminate`. */
  restartAll(): Promise<void>;
  /** Everything the processes printed. */
  output(): string;
  stop(): Promise<void>;
};

/** The automation the process journeys run: a note on each new job, saying the job's number. */
export const NOTE_EACH_NEW_JOB = {
  name: 'Note a new job',
  enabled: true,
  event: 'JobIsCreated',
  targetKind: 'Job',
  actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Booked: job {{ job.number }}' } }],
};

/**
 * A deployment (`startCrashDeployment`) talking to the simulator, which starts listening here, with the
 * simulator's business connected through the consent flow and its ServiceM8 account activated: where
 * every process journey starts. `env` adds to the settings (the account's rate per minute is
 * `ratePerMinute`); answers the business and its owner's session token.
 */
export async function startConnectedDeployment(
  sim: Simulator,
  options: { ratePerMinute: number; env?: Record<string, string> },
): Promise<{ deployment: CrashDeployment; vendorId: string; token: string }> {
  const simUrl = await sim.listen();
  const { appId, appSecret } = sim.info();
  const deployment = await startCrashDeployment({
    DEMO_MODE: 'false',
    SM8_APP_ID: appId,
    SM8_APP_SECRET: appSecret,
    SM8_API_URL: simUrl,
    SM8_OAUTH_URL: simUrl,
    SM8_RATE_PER_MINUTE: String(options.ratePerMinute),
    QUEUE_POLL_SECONDS: '0.5',
    // Info, so the activation's line says when the account's baseline is taken.
    LOG_LEVEL: 'info',
    ...options.env,
  });
  const { token, vendorId } = await connectThroughConsent(
    deployment.baseUrl,
    sim.info().accountUuid,
    confirmLinkInLog(() => deployment.output()),
  );
  await poll(
    async () => deployment.output().includes('ServiceM8 account activated'),
    Boolean,
    'the account to be activated',
  );
  return { deployment, vendorId, token };
}

/**
 * Automate as it would run in production, on the test's database: on PostgreSQL (TEST_DATABASE_URL)
 * one `--role=api` and one `--role=worker` process; on the embedded database (PGlite) one
 * `--role=all` process, since only one process can open it, so a kill of either role kills that one
 * process.
 */
async function startCrashDeployment(env: Record<string, string>): Promise<CrashDeployment> {
  // The same choice as the test databases make.
  return process.env.TEST_DATABASE_URL ? startRoleProcesses(env) : startAllInOne(env);
}

async function startAllInOne(env: Record<string, string>): Promise<CrashDeployment> {
  let server: ServerProcess = await startServerProcess(env);
  const restart = async () => {
    server = await server.restart();
  };
  return {
    baseUrl: server.baseUrl,
    description: 'PGlite, one --role=all process',
    kill: () => server.kill(),
    restart,
    terminate: async () => [await timed(server)],
    restartAll: restart,
    output: () => server.output(),
    async stop() {
      await server.stop();
    },
  };
}

async function startRoleProcesses(env: Record<string, string>): Promise<CrashDeployment> {
  const database: TestDatabase = await createTestDatabase();
  if (database.target.kind !== 'postgres') throw new Error('role processes need PostgreSQL');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const shared = {
    ...env,
    DATABASE_URL: database.target.url,
    // Both processes decrypt the ServiceM8 tokens the API stored.
    APP_SECRET_KEY: 'crash-test-secret-key-0123456789abcdef',
    PUBLIC_URL: baseUrl,
  };
  const processes: Record<CrashRole, RoleProcess> = {
    api: await startRoleProcess('api', { ...shared, PORT: String(port) }),
    worker: await startRoleProcess('worker', shared),
  };
  let earlier = '';
  return {
    baseUrl,
    description: 'PostgreSQL, one --role=api and one --role=worker process',
    kill: (role) => processes[role].kill(),
    async restart(role) {
      earlier += processes[role].output();
      processes[role] = await processes[role].restart();
    },
    terminate: () => Promise.all([timed(processes.api), timed(processes.worker)]),
    async restartAll() {
      earlier += processes.api.output() + processes.worker.output();
      [processes.api, processes.worker] = await Promise.all([processes.api.restart(), processes.worker.restart()]);
    },
    output: () => earlier + processes.api.output() + processes.worker.output(),
    async stop() {
      await processes.worker.stop();
      await processes.api.stop();
      await database.drop();
    },
  };
}

async function timed(process: { terminate(): Promise<number | null>; output(): string }): Promise<ShutdownReport> {
  const before = process.output().length;
  const started = Date.now();
  const code = await process.terminate();
  return { code, ms: Date.now() - started, log: process.output().slice(before) };
}
