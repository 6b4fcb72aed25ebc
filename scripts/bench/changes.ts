/** Changes made in the simulator as a ServiceM8 user would, and what the benchmarks read back. */
import type { CallRecord, SimRecord } from '@automate/servicem8-sim';
import type { RunRow } from './environment.ts';
import { sleep } from './load.ts';
import type { SimClient } from './sim-client.ts';

/** A ServiceM8 call that changes something: what an action does (reads are GETs). */
export function isWrite(call: CallRecord): boolean {
  return call.method !== 'GET' && !call.path.startsWith('/webhook_subscriptions') && !call.path.startsWith('/oauth');
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

/** Polls the call log from `since` until `found` picks a call, or `timeoutMs` passes. */
export async function waitForCall(
  sim: SimClient,
  since: number,
  found: (call: CallRecord) => boolean,
  timeoutMs: number,
): Promise<CallRecord | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const call = (await sim.calls({ since })).find((candidate) => candidate.status !== null && found(candidate));
    if (call) return call;
    await sleep(20);
  }
  return undefined;
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
