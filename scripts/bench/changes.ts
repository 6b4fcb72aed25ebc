/** Changes made in the simulator as a ServiceM8 user would, and what the benchmarks read back. */
import { randomUUID } from 'node:crypto';
import { type CallRecord, SEED_IDS, type SimRecord } from '@automate/servicem8-sim';
import type { RunRow } from './business.ts';
import { sleep } from './load.ts';
import type { SimClient } from './sim-client.ts';

/** A ServiceM8 call that changes something: what an action does (reads are GETs). */
export function isWrite(call: CallRecord): boolean {
  return call.method !== 'GET' && !call.path.startsWith('/webhook_subscriptions') && !call.path.startsWith('/oauth');
}

/** A note written in ServiceM8: what each benchmark's action does. */
export function isNoteWritten(call: CallRecord): boolean {
  return call.method === 'POST' && call.path === '/api_1.0/note.json' && call.status === 200;
}

/**
 * `count` Work Orders of a demo client, numbered from 50,001, to add to the demo account before it is
 * connected (so they are part of its baseline).
 */
export function workOrders(count: number, description: string): SimRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    uuid: randomUUID(),
    active: 1,
    status: 'Work Order',
    company_uuid: SEED_IDS.companies.harboursidePropertyManagement,
    generated_job_id: String(50_001 + i),
    job_description: `${description} ${i + 1}`,
    badges: '[]',
    edit_date: '2020-01-01 00:00:00',
  }));
}

/** `GET /api_1.0/job/:uuid.json`: a call's kind, with record uuids taken out. */
export function callKind(call: CallRecord): string {
  return `${call.method} ${call.path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':uuid')}`;
}

/** A job's badges as the engine compares them: the uuids sorted, comma-separated. */
export function badgeKey(value: unknown): string {
  try {
    return (JSON.parse(String(value || '[]')) as string[]).sort().join(',');
  } catch {
    return '';
  }
}

/**
 * Picks badge sets for a job, one of the 63 non-empty subsets of `badges` per change, never the one it
 * has now nor the one it started with (a change back to the start is rightly no event).
 */
export function badgeChooser(badges: string[]) {
  const counters = new Map<string, number>();
  const initial = new Map<string, string>();
  const subsets = 2 ** Math.min(badges.length, 6) - 1;
  return (job: SimRecord): string[] => {
    if (!initial.has(job.uuid)) initial.set(job.uuid, badgeKey(job.badges));
    const current = badgeKey(job.badges);
    for (;;) {
      const count = counters.get(job.uuid) ?? 0;
      counters.set(job.uuid, count + 1);
      const mask = (count % subsets) + 1;
      const next = badges.filter((_, bit) => mask & (1 << bit));
      const key = badgeKey(JSON.stringify(next));
      if (key !== current && key !== initial.get(job.uuid)) return next;
    }
  };
}

/**
 * Polls the call log from `since` every `pollMs` until `found` picks a call, or `timeoutMs` passes.
 * The call's own time comes from the log, so a slower poll only notices it later.
 */
export async function waitForCall(
  sim: SimClient,
  since: number,
  found: (call: CallRecord) => boolean,
  timeoutMs: number,
  pollMs = 20,
): Promise<CallRecord | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const call = (await sim.calls({ since })).find((candidate) => candidate.status !== null && found(candidate));
    if (call) return call;
    await sleep(pollMs);
  }
  return undefined;
}

/**
 * Reads the call log from `since` every second and answers the notes written, in order, once `count`
 * are or at `deadline` (ms since epoch). Polled well within the log's 10,000 calls.
 */
export async function waitForNotes(
  sim: SimClient,
  since: number,
  count: number,
  deadline: number,
): Promise<CallRecord[]> {
  const written: CallRecord[] = [];
  let cursor = since;
  while (written.length < count && Date.now() < deadline) {
    await sleep(1000);
    // Up to the first call still waiting for its answer: it is read again at the next poll.
    const calls = await sim.calls({ since: cursor });
    const pending = calls.findIndex((call) => call.status === null);
    for (const call of pending === -1 ? calls : calls.slice(0, pending)) {
      cursor = call.id;
      if (isNoteWritten(call)) written.push(call);
    }
  }
  return written;
}

/** How many notes each of `jobs` has in ServiceM8 (jobs without one are left out). */
export async function notesPerJob(sim: SimClient, jobs: Set<string>): Promise<Map<string, number>> {
  const perJob = new Map<string, number>();
  for (const note of await sim.records('note')) {
    const job = String(note.related_object_uuid);
    if (jobs.has(job)) perJob.set(job, (perJob.get(job) ?? 0) + 1);
  }
  return perJob;
}

const FINISHED = ['Succeeded', 'Failed', 'Skipped', 'Cancelled'];

/** Waits until the trigger has `count` runs, all finished; answers them (or what there was at the timeout). */
export async function waitForRuns(
  runsOf: () => Promise<RunRow[]>,
  count: number,
  timeoutMs: number,
): Promise<{ runs: RunRow[]; settled: boolean }> {
  const deadline = Date.now() + timeoutMs;
  let runs: RunRow[] = [];
  while (Date.now() < deadline) {
    runs = await runsOf();
    if (runs.length >= count && runs.every((run) => FINISHED.includes(run.status))) return { runs, settled: true };
    await sleep(100);
  }
  return { runs, settled: false };
}

/** Waits until ServiceM8 has had no call for `quietMs` (the server is done with a change). */
export async function waitForQuiet(sim: SimClient, quietMs: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  let since = Date.now();
  while (Date.now() < deadline) {
    await sim.webhooksIdle();
    const newest = (await sim.calls({ since: last })).at(-1)?.id;
    if (newest !== undefined) {
      last = newest;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await sleep(100);
  }
}
