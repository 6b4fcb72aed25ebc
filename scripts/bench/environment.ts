/**
 * One benchmark's world: a database of its own, the ServiceM8 simulator and the server as separate
 * processes, and a business connected to the simulator's demo account the way a person does it
 * ("Sign in with ServiceM8": consent, callback, activate), through HTTP only.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { SimRecord } from '@automate/servicem8-sim';
import { type BenchDatabase, createBenchDatabase, type DbKind } from './database.ts';
import { type ChildHandle, freePort, startServerProcess, startSimulatorProcess } from './processes.ts';
import { lastCallId, type SimClient, simClient } from './sim-client.ts';

/** Far above any rate the engine reaches: the benchmarks measure the engine, not ServiceM8's 180/min. */
const RAISED_PER_MINUTE = 10_000_000;
const RAISED_PER_DAY = 1_000_000_000;

export type TriggerInput = {
  event: string;
  actions: Array<{ id: string; type: string; params: Record<string, unknown> }>;
  name?: string;
};

export type RunRow = {
  id: string;
  triggerId: string;
  status: string;
  jobUuid: string | null;
  jobNumber: string | null;
  reason: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export type BenchEnv = {
  db: BenchDatabase;
  sim: SimClient;
  server: ChildHandle & { baseUrl: string };
  vendorId: string;
  /** The callback URL (with the vendor's secret) ServiceM8 posts deliveries to. */
  callbackUrl: string;
  /** A delivery the simulator sent for a job change: the shape to imitate. */
  jobDelivery: { object: string; entry: Array<Record<string, unknown>>; resource_url: string };
  /** The business Admin's Authorization header. */
  authHeaders(): Record<string, string>;
  /** Authorised API call (the business's Admin); throws on a non-2xx answer. */
  api<T>(method: string, route: string, body?: unknown): Promise<T>;
  createTrigger(input: TriggerInput): Promise<string>;
  /** The ids of the `triggers` asked for, in order. */
  triggerIds: string[];
  /** Every run of a trigger, through the runs search (500 a page). */
  runsOf(triggerId: string): Promise<RunRow[]>;
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
  /** More environment for the server (e.g. the super admin it creates on first start). */
  env?: Record<string, string>;
}): Promise<BenchEnv> {
  const db = await createBenchDatabase(options.kind, options.adminUrl);
  const cleanups: Array<() => Promise<unknown>> = [() => db.drop()];
  const closeAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    const simProcess = await startSimulatorProcess(path.join(options.logDir, `${options.name}-sim.log`));
    cleanups.push(() => simProcess.stop());
    const sim = simClient(simProcess.baseUrl);
    await sim.setThrottle({ perMinute: RAISED_PER_MINUTE, perDay: RAISED_PER_DAY, resetCounters: true });
    await sim.setOAuth({ autoApprove: true });
    if (options.extraJobs?.length) await sim.seed({ job: options.extraJobs });
    const info = await sim.info();

    const port = await freePort();
    const serverEnv = {
      APP_SECRET_KEY: randomBytes(36).toString('base64'),
      // The super admin reads the new business's confirmation email from the outbox.
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      SM8_APP_ID: info.appId,
      SM8_APP_SECRET: info.appSecret,
      SM8_API_URL: sim.baseUrl,
      SM8_OAUTH_URL: sim.baseUrl,
      SM8_RATE_PER_MINUTE: String(RAISED_PER_MINUTE),
      SM8_RATE_PER_DAY: String(RAISED_PER_DAY),
      // The embedded database unless this benchmark's PostgreSQL database is given (never the caller's).
      DATABASE_URL: '',
      ...db.env,
      ...options.env,
    };
    const logFile = path.join(options.logDir, `${options.name}-server.log`);
    let server = await startServerProcess({ port, dataDir: db.dataDir, env: serverEnv, logFile });
    cleanups.push(() => server.stop());

    const { token, vendorId } = await connectServiceM8(server.baseUrl, info.accountUuid);
    const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${server.baseUrl}/api${route}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} /api${route}: ${response.status} ${text.slice(0, 500)}`);
      return (JSON.parse(text) as { data: T }).data;
    };
    await waitForActivation(sim, server.baseUrl);

    const createTrigger = async (input: TriggerInput) =>
      (
        await api<{ id: string }>('POST', `/vendor/${vendorId}/Trigger`, {
          name: input.name ?? `Bench: ${input.event}`,
          enabled: true,
          targetKind: 'Job',
          event: input.event,
          actions: input.actions,
        })
      ).id;
    const runsOf = async (triggerId: string) => {
      const rows: RunRow[] = [];
      for (let page = 1; ; page++) {
        const query = new URLSearchParams({ PageSize: '500', PageNumber: String(page), SortBy: 'createdAt' });
        const result = await api<{ rows: RunRow[]; total: number }>(
          'GET',
          `/vendor/${vendorId}/Trigger/${triggerId}/runs?${query}`,
        );
        rows.push(...result.rows);
        if (result.rows.length < 500) return rows;
      }
    };

    // The warm-up: a badge change in ServiceM8 must reach a trigger's run, so the account's baseline
    // is known to be complete; its delivery shows the shape and the callback URL to imitate.
    const warmUp = await createTrigger({
      event: 'JobBadgesChanged',
      name: 'Bench: warm-up',
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Warm-up {{ job.number }}' } }],
    });
    const jobDelivery = await warmUpRun(sim, runsOf, warmUp);
    await api('DELETE', `/vendor/${vendorId}/Trigger/${warmUp}`);
    const callbackUrl = (await sim.subscriptions()).find(
      (subscription) => subscription.kind === 'object' && subscription.callbackUrl.startsWith(server.baseUrl),
    )?.callbackUrl;
    if (!callbackUrl) throw new Error('no webhook subscription of ours in the simulator');
    const triggerIds: string[] = [];
    for (const trigger of options.triggers ?? []) triggerIds.push(await createTrigger(trigger));
    // Nothing of the warm-up is still on its way: what the server receives from here on is the benchmark's.
    await sim.webhooksIdle();
    await sim.clearCalls();
    await sim.clearDeliveries();

    return {
      db,
      sim,
      get server() {
        return server;
      },
      vendorId,
      callbackUrl,
      jobDelivery,
      authHeaders: () => ({ authorization: `Bearer ${token}` }),
      api,
      createTrigger,
      triggerIds,
      runsOf,
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

async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/**
 * "Sign in with ServiceM8" as a browser does it, consent approved by the simulator, asking for a new
 * business; the link mailed to its owner (read from the outbox as the super admin) creates it.
 */
async function connectServiceM8(baseUrl: string, accountUuid: string): Promise<{ token: string; vendorId: string }> {
  const start = await fetch(`${baseUrl}/api/Auth/login/servicem8`, { redirect: 'manual' });
  const cookie = start.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const consent = await fetch(String(start.headers.get('location')), { redirect: 'manual' });
  const back = await fetch(String(consent.headers.get('location')), { redirect: 'manual', headers: { cookie } });
  const activate = new URL(String(back.headers.get('location')));
  const connection = activate.searchParams.get('connection');
  if (!connection) throw new Error(`connecting ServiceM8 failed: ${activate.searchParams.get('error') ?? activate}`);
  const asked = await postJson<{ data?: { outcome: string } }>(`${baseUrl}/api/Auth/servicem8/complete`, {
    connection,
    accountUuid,
    newOwner: { ...BENCH_OWNER, firstName: 'Bench', lastName: 'Owner' },
  });
  if (asked.data?.outcome !== 'ConfirmEmail') throw new Error(`no confirmation asked: ${JSON.stringify(asked)}`);
  const admin = await postJson<{ data: { token: string } }>(`${baseUrl}/api/Auth/login`, BENCH_ADMIN);
  const filters = JSON.stringify([{ action: 'Eq', field: 'to', value: BENCH_OWNER.email }]);
  const outbox = (await (
    await fetch(`${baseUrl}/api/Admin/outbox/search?${new URLSearchParams({ Filters: filters })}`, {
      headers: { authorization: `Bearer ${admin.data.token}` },
    })
  ).json()) as { data: { rows: Array<{ text: string }> } };
  const link = outbox.data.rows
    .map((row) => row.text.match(/https?:\/\/[^\s)]+\/sm8\/confirm\?[^\s)]+/)?.[0])
    .find(Boolean);
  if (!link) throw new Error("the new business's confirmation email was not in the outbox");
  const query = new URL(link).searchParams;
  const confirmed = await postJson<{ data?: { session?: { token: string }; vendorId?: string | null } }>(
    `${baseUrl}/api/Auth/servicem8/business/confirm`,
    { token: query.get('token'), userId: query.get('userId') },
  );
  if (!confirmed.data?.session || !confirmed.data.vendorId) {
    throw new Error(`the business was not created: ${JSON.stringify(confirmed).slice(0, 500)}`);
  }
  return { token: confirmed.data.session.token, vendorId: confirmed.data.vendorId };
}

/**
 * Activation subscribes the webhooks and reads every watched record (the baseline) in the
 * background. Waits until our subscriptions exist, the jobs were listed and ServiceM8 has had no
 * call for 3 s; the warm-up run then proves the baseline is in place.
 */
async function waitForActivation(sim: SimClient, serverUrl: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  let lastId = -1;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const subscribed = (await sim.subscriptions()).some(
      (subscription) => subscription.status === 'active' && subscription.callbackUrl.startsWith(serverUrl),
    );
    const jobsListed = (await sim.calls({ method: 'GET', path: '/api_1.0/job.json' })).some((call) => call.status);
    const id = await lastCallId(sim);
    if (id !== lastId) {
      lastId = id;
      quietSince = Date.now();
    }
    if (subscribed && jobsListed && Date.now() - quietSince >= 3000) return;
  }
  throw new Error('the ServiceM8 account was not activated within 300 s');
}

/** Changes a demo job's badges until the trigger has a finished run (the baseline may still be being written). */
async function warmUpRun(
  sim: SimClient,
  runsOf: (triggerId: string) => Promise<RunRow[]>,
  triggerId: string,
): Promise<BenchEnv['jobDelivery']> {
  const jobs = await sim.records('job');
  const badges = (await sim.records('badge')).map((badge) => badge.uuid);
  const job = jobs[0];
  if (!job || badges.length === 0) throw new Error('the demo account has no jobs or badges');
  for (let attempt = 1; attempt <= 6; attempt++) {
    await sim.write('job', job.uuid, { badges: JSON.stringify(badges.slice(0, attempt % badges.length || 1)) });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const runs = await runsOf(triggerId);
      const failed = runs.find((run) => ['Failed', 'Cancelled', 'Skipped'].includes(run.status));
      if (failed) throw new Error(`the warm-up run ended ${failed.status}: ${failed.reason}`);
      if (runs.some((run) => run.status === 'Succeeded')) {
        const delivery = (await sim.deliveries())
          .filter((d) => d.kind === 'object' && (d.body as { object?: string }).object === 'job')
          .at(-1);
        if (!delivery) throw new Error('the simulator sent no job delivery');
        return delivery.body as BenchEnv['jobDelivery'];
      }
    }
  }
  throw new Error('the warm-up change made no run within 2 minutes: the account never became ready');
}
