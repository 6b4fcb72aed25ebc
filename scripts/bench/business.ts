/**
 * A business connected to a ServiceM8 account the way a person does it ("Sign in with ServiceM8":
 * consent, callback, activate), through HTTP only, then proven ready by a warm-up run; and what the
 * benchmarks ask of it through the API (triggers, runs).
 */
import type { SimClient } from './sim-client.ts';
import { lastCallId } from './sim-client.ts';

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

export type Credentials = { email: string; password: string };

export type BenchBusiness = {
  /** Its ServiceM8 account. */
  sim: SimClient;
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
};

/**
 * Connects a new business, owned by `owner`, to the account `sim` is, on the server at `serverUrl`
 * (the super admin `admin` reads the owner's confirmation email); creates its `triggers` once the
 * account is ready. The simulator's call log and deliveries are then cleared: what follows is the
 * benchmark's.
 */
export async function connectBusiness(options: {
  serverUrl: string;
  sim: SimClient;
  owner: Credentials;
  admin: Credentials;
  triggers?: TriggerInput[];
}): Promise<BenchBusiness> {
  const { serverUrl, sim } = options;
  const { token, vendorId } = await connectServiceM8(serverUrl, (await sim.info()).accountUuid, options);
  const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${serverUrl}/api${route}`, {
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
  await waitForActivation(sim, serverUrl);

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
    (subscription) => subscription.kind === 'object' && subscription.callbackUrl.startsWith(serverUrl),
  )?.callbackUrl;
  if (!callbackUrl) throw new Error('no webhook subscription of ours in the simulator');
  const triggerIds: string[] = [];
  for (const trigger of options.triggers ?? []) triggerIds.push(await createTrigger(trigger));
  // Nothing of the warm-up is still on its way: what the server receives from here on is the benchmark's.
  await sim.webhooksIdle();
  await sim.clearCalls();
  await sim.clearDeliveries();

  return {
    sim,
    vendorId,
    callbackUrl,
    jobDelivery,
    authHeaders: () => ({ authorization: `Bearer ${token}` }),
    api,
    createTrigger,
    triggerIds,
    runsOf,
  };
}

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
async function connectServiceM8(
  baseUrl: string,
  accountUuid: string,
  people: { owner: Credentials; admin: Credentials },
): Promise<{ token: string; vendorId: string }> {
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
    newOwner: { ...people.owner, firstName: 'Bench', lastName: 'Owner' },
  });
  if (asked.data?.outcome !== 'ConfirmEmail') throw new Error(`no confirmation asked: ${JSON.stringify(asked)}`);
  const admin = await postJson<{ data: { token: string } }>(`${baseUrl}/api/Auth/login`, people.admin);
  const filters = JSON.stringify([{ action: 'Eq', field: 'to', value: people.owner.email }]);
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
): Promise<BenchBusiness['jobDelivery']> {
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
        return delivery.body as BenchBusiness['jobDelivery'];
      }
    }
  }
  throw new Error('the warm-up change made no run within 2 minutes: the account never became ready');
}
