/**
 * One benchmark's world: a database of its own, the ServiceM8 simulator and the server as separate
 * processes, and a business connected to the simulator's demo account (business.ts). A benchmark may
 * ask for more businesses on the same server, each with a ServiceM8 account of its own: a simulator
 * each, behind one front door, as ServiceM8 serves every account at one address.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { type FrontDoor, type SimRecord, startFrontDoor } from '@automate/servicem8-sim';
import { type BenchBusiness, type Credentials, connectBusiness, type TriggerInput } from './business.ts';
import { type BenchDatabase, createBenchDatabase, type DbKind } from './database.ts';
import { type ChildHandle, freePort, startServerProcess, startSimulatorProcess } from './processes.ts';
import { type SimClient, simClient } from './sim-client.ts';

export type RateLimits = { perMinute: number; perDay: number };

/** ServiceM8's own limits, per account. */
export const SERVICEM8_LIMITS: RateLimits = { perMinute: 180, perDay: 20_000 };

/** Far above any rate the engine reaches: the benchmarks measure the engine, not ServiceM8's 180/min. */
const RAISED_LIMITS: RateLimits = { perMinute: 10_000_000, perDay: 1_000_000_000 };

export type BenchEnv = BenchBusiness & {
  db: BenchDatabase;
  server: ChildHandle & { baseUrl: string };
  /** The super admin the server created on its first start. */
  admin: Credentials;
  /** The `moreBusinesses` asked for, in order. */
  others: BenchBusiness[];
  /** Stops the server (PGlite SQL needs it stopped) and starts it again on the same port and data. */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  close(): Promise<void>;
};

export async function startBenchEnv(options: {
  kind: DbKind;
  adminUrl: string | undefined;
  logDir: string;
  name: string;
  /** Jobs to add to the demo account before it is connected (part of the baseline). */
  extraJobs?: SimRecord[];
  /** Triggers to create once the account is ready; their ids are `triggerIds`, in order. */
  triggers?: TriggerInput[];
  /** ServiceM8's limits, in the simulators and in the server (raised far out of the way by default). */
  rateLimits?: RateLimits;
  /** More businesses on the same server, each connected to a ServiceM8 account of its own. */
  moreBusinesses?: Array<{ triggers?: TriggerInput[] }>;
}): Promise<BenchEnv> {
  const limits = options.rateLimits ?? RAISED_LIMITS;
  const db = await createBenchDatabase(options.kind, options.adminUrl);
  const cleanups: Array<() => Promise<unknown>> = [() => db.drop()];
  const closeAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    const more = options.moreBusinesses ?? [];
    const sims: SimClient[] = [];
    for (let n = 0; n <= more.length; n++) {
      const logFile = path.join(options.logDir, `${options.name}-sim${n === 0 ? '' : `-${n + 1}`}.log`);
      // The first is the demo account; each other one the same data as an account of its own.
      const simProcess = await startSimulatorProcess(logFile, n === 0 ? {} : { SIM_ACCOUNT_UUID: randomUUID() });
      cleanups.push(() => simProcess.stop());
      const sim = simClient(simProcess.baseUrl);
      await sim.setThrottle({ ...limits, resetCounters: true });
      await sim.setOAuth({ autoApprove: true });
      sims.push(sim);
    }
    const [first, ...rest] = sims as [SimClient, ...SimClient[]];
    if (options.extraJobs?.length) await first.seed({ job: options.extraJobs });
    let door: FrontDoor | undefined;
    if (rest.length > 0) {
      const opened = await startFrontDoor();
      cleanups.push(() => opened.close());
      door = opened;
    }
    const info = await first.info();

    const port = await freePort();
    const serverEnv = {
      APP_SECRET_KEY: randomBytes(36).toString('base64'),
      // The super admin reads the new business's confirmation email from the outbox.
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      SM8_APP_ID: info.appId,
      SM8_APP_SECRET: info.appSecret,
      SM8_API_URL: door?.url ?? first.baseUrl,
      SM8_OAUTH_URL: door?.url ?? first.baseUrl,
      SM8_RATE_PER_MINUTE: String(limits.perMinute),
      SM8_RATE_PER_DAY: String(limits.perDay),
      // The embedded database unless this benchmark's PostgreSQL database is given (never the caller's).
      DATABASE_URL: '',
      ...db.env,
    };
    const logFile = path.join(options.logDir, `${options.name}-server.log`);
    let server = await startServerProcess({ port, dataDir: db.dataDir, env: serverEnv, logFile });
    cleanups.push(() => server.stop());

    const businesses: BenchBusiness[] = [];
    for (const [n, sim] of sims.entries()) {
      door?.consentTo({ baseUrl: () => sim.baseUrl });
      businesses.push(
        await connectBusiness({
          serverUrl: server.baseUrl,
          sim,
          owner: { ...BENCH_OWNER, email: n === 0 ? BENCH_OWNER.email : `bench-owner-${n + 1}@example.org` },
          admin: BENCH_ADMIN,
          triggers: n === 0 ? options.triggers : more[n - 1]?.triggers,
        }),
      );
    }
    const [business, ...others] = businesses as [BenchBusiness, ...BenchBusiness[]];

    return {
      ...business,
      others,
      admin: BENCH_ADMIN,
      db,
      get server() {
        return server;
      },
      async stopServer() {
        await server.stop();
      },
      async startServer() {
        await db.release();
        server = await startServerProcess({ port, dataDir: db.dataDir, env: serverEnv, logFile });
      },
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

const BENCH_ADMIN = { email: 'bench-admin@automate.local', password: randomBytes(18).toString('base64url') };
const BENCH_OWNER = { email: 'bench-owner@example.org', password: 'bench-owner-password-1' };
