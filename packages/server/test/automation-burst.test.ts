import { randomUUID } from 'node:crypto';
import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileVendor } from '../src/modules/automation/observe/reconciliation.service.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { editDateAfterNewestJob } from './support/sm8-edit-dates.ts';

/**
 * A vendor moves many jobs at once, under ServiceM8's real limit of 180 calls a minute (on both sides).
 * The runs' batches take the calls the allowance has and leave the rest to a later batch, so the notes
 * come at the allowance's pace (on the test clock: the harness lets a later batch's wait pass at once). The deliveries waiting behind one
 * another are observed together with one list call, and each run starting at its change acts on that
 * read: the burst costs about one ServiceM8 call per note, the notes themselves, and every note is
 * written once. (`npm run bench` measures a burst of 500.)
 */

const BURST = 120;
let h: AutomationHarness;

/** Jobs of the burst, known to Automate (their snapshots taken) before they change. */
const burstJobs = Array.from({ length: BURST }, (_, i) => ({
  uuid: randomUUID(),
  active: 1,
  status: 'Quote',
  company_uuid: SEED_IDS.companies.emmaEllis,
  generated_job_id: String(30_001 + i),
  job_description: `Burst job ${i + 1}`,
  badges: '[]',
}));

beforeAll(async () => {
  h = await startAutomationHarness({
    simulator: { throttle: { perMinute: 180 } },
    env: { SM8_RATE_PER_MINUTE: '180' },
  });
  // Added after the newest change Automate has seen, so the reconciliation takes their snapshots.
  const editDate = editDateAfterNewestJob(h.sim);
  h.sim.controls.seed({ records: { job: burstJobs.map((job) => ({ ...job, edit_date: editDate })) } });
  await reconcileVendor(h.deps, h.vendorId);
}, 60_000);
afterAll(() => h.cleanup());

/** The API calls ServiceM8 saw since `since` (its call log), OAuth left out. */
function apiCallsSince(since: number) {
  return h.sim.controls.calls().filter((call) => call.id > since && !call.path.startsWith('/oauth'));
}

const lastCallId = () => h.sim.controls.calls().at(-1)?.id ?? 0;

/** Moves `jobs` to `status` at once in ServiceM8, then waits for every note of `triggerId`. */
async function burstOf(jobs: typeof burstJobs, status: string, triggerId: string, text: string) {
  const since = lastCallId();
  for (const job of jobs) h.sim.controls.writeRecord('job', job.uuid, { status });
  await h.quiet();
  const counts = await h.settledRunCounts(triggerId, jobs.length, 120_000);
  const notes = h.sim.controls.records('note').filter((note) => String(note.note).startsWith(text));
  return { counts, notes, calls: apiCallsSince(since) };
}

describe('a burst of changes under ServiceM8’s limit', () => {
  it('costs about one ServiceM8 call per action, and writes every note once', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobStatusChanged',
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Burst: {{ job.number }} is a work order.' } }],
    });
    const { counts, notes, calls } = await burstOf(burstJobs, 'Work Order', triggerId, 'Burst: ');
    await h.deleteTrigger(triggerId);
    expect(counts).toEqual({ Succeeded: BURST });
    expect(notes).toHaveLength(BURST);
    expect(new Set(notes.map((note) => note.related_object_uuid)).size).toBe(BURST);
    // A write ServiceM8 answered 429 (its minute and ours counted a little apart) is made again.
    const writes = calls.filter((call) => call.method === 'POST' && call.status === 200);
    expect(writes).toHaveLength(BURST);
    // At most 20 calls beyond the writes, however many notes: list calls of the observations, and a few
    // single reads (a read per note would be 120 more).
    expect(calls.filter((call) => call.status !== 429).length).toBeLessThanOrEqual(BURST + 20);
  }, 180_000);

  it('re-checks runs falling due together with one listing, not a read each', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobStatusChanged',
      delay: { amount: 1, unit: 'Hour' },
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'An hour on: {{ job.number }} is a quote again.' } }],
    });
    const jobs = burstJobs.slice(0, 60);
    for (const job of jobs) h.sim.controls.writeRecord('job', job.uuid, { status: 'Quote' });
    await h.quiet();
    const since = lastCallId();
    await h.advance(61 * 60_000);
    const counts = await h.settledRunCounts(triggerId, jobs.length, 120_000);
    await h.deleteTrigger(triggerId);
    const calls = apiCallsSince(since).filter((call) => call.status !== 429);
    const notes = h.sim.controls.records('note').filter((note) => String(note.note).startsWith('An hour on: '));
    expect(counts).toEqual({ Succeeded: jobs.length });
    expect(new Set(notes.map((note) => note.related_object_uuid)).size).toBe(jobs.length);
    expect(notes).toHaveLength(jobs.length);
    // The notes, and a listing or two of what changed before they fell due: no job read on its own.
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(jobs.length);
    expect(calls.filter((call) => /^\/api_1\.0\/job\/[0-9a-f-]+\.json$/.test(call.path))).toEqual([]);
    expect(calls.length).toBeLessThanOrEqual(jobs.length + 5);
  }, 180_000);

  it('falls back to reading each record when ServiceM8 ignores the edit_date filter, and still writes every note once', async () => {
    h.sim.controls.setAssumptions({ editDateFilter: 'ignored' });
    try {
      const triggerId = await h.createTrigger({
        event: 'JobStatusChanged',
        actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Unfiltered: {{ job.number }} is done.' } }],
      });
      // An answer ignoring the filter shows itself by a record older than asked for.
      const old = { uuid: randomUUID(), active: 1, status: 'Completed', edit_date: '2020-01-01 00:00:00' };
      h.sim.controls.seed({ records: { job: [old] } });
      const jobs = burstJobs.slice(0, 24);
      const { counts, notes, calls } = await burstOf(jobs, 'Completed', triggerId, 'Unfiltered: ');
      await h.deleteTrigger(triggerId);
      expect(counts).toEqual({ Succeeded: jobs.length });
      expect(new Set(notes.map((note) => note.related_object_uuid)).size).toBe(jobs.length);
      expect(notes).toHaveLength(jobs.length);
      // Each changed job read on its own after a listing answered every record.
      const reads = calls.filter(
        (call) => call.method === 'GET' && /^\/api_1\.0\/job\/[0-9a-f-]+\.json$/.test(call.path),
      );
      expect(reads.length).toBeGreaterThanOrEqual(jobs.length);
      expect(calls.filter((call) => call.warnings.some((w) => w.includes('edit_date ignored'))).length).toBeGreaterThan(
        0,
      );
    } finally {
      h.sim.controls.setAssumptions({ editDateFilter: 'applied' });
    }
  }, 180_000);
});
