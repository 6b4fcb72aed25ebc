/**
 * Automation engine benchmark, end to end on this machine:
 *   ServiceM8 change (simulator) → webhook over real HTTP → inbox → event → run → Job_AddNote in ServiceM8.
 *
 * Starts the real server (database, queue, workers, HTTP) and a ServiceM8 simulator with the demo
 * account, as the automation tests do (packages/server/test/support/automation-harness.ts), with one
 * trigger on JobBadgesChanged that adds a note with a merge field, and 5 enabled triggers on other
 * events (noise). Then it changes the badges of the 11 demo jobs N times, as fast as the simulator
 * accepts the writes, and waits until every delivery is processed and every run is finished.
 *
 * ServiceM8 webhooks only name a record, so the engine reads it again: changes to one job that pile
 * up before their delivery is processed are seen as one change (one run). The report compares the
 * runs created with the changes made; a run's latency counts from the oldest change it stands for
 * (the first change of its job since the previous run), and also from the change whose state it saw.
 *
 *   npm run bench:engine -- [N] [--real-limits] [--rate=R]   (or BENCH_N, BENCH_REAL_LIMITS=1, BENCH_RATE)
 *
 * N defaults to 200. --rate=R paces the changes at R per second instead: at a pace the engine keeps
 * up with, every change makes its own run, so the highest such R is the engine's sustained throughput.
 * Both rate limits (the simulator's throttle and the server's SM8_RATE_PER_MINUTE) are raised unless
 * --real-limits keeps ServiceM8's 180 calls/min per account, which otherwise dominates everything.
 * PGlite unless TEST_DATABASE_URL is set (PostgreSQL); TEST_LOG_LEVEL=warn shows the server's logs.
 * Exits 1 when a run did not succeed or the last change of a job never made a run.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { SEED_IDS } from '@automate/servicem8-sim';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { automationEvents, triggerRuns } from '../packages/server/src/modules/automation/automation.schema.ts';
import { webhookInbox } from '../packages/server/src/modules/webhooks/webhooks.schema.ts';
import { type AutomationHarness, startAutomationHarness } from '../packages/server/test/support/automation-harness.ts';
import { waitFor } from '../packages/server/test/support/wait-for.ts';

const { values, positionals } = parseArgs({
  options: { 'real-limits': { type: 'boolean', default: false }, rate: { type: 'string' } },
  allowPositionals: true,
});
const changes = Number(positionals[0] ?? process.env.BENCH_N ?? 200);
const realLimits = values['real-limits'] || process.env.BENCH_REAL_LIMITS === '1';
const rate = Number(values.rate ?? process.env.BENCH_RATE ?? 0); // changes per second; 0: as fast as possible
if (!Number.isInteger(changes) || changes < 1) throw new Error(`N must be a positive integer, not ${changes}`);
if (!(rate >= 0)) throw new Error(`--rate must be a number of changes per second, not ${values.rate}`);
const perMinute = realLimits ? 180 : 100_000;
const perDay = realLimits ? 20_000 : 1_000_000;

const h = await startAutomationHarness({
  simulator: { throttle: { perMinute, perDay } },
  env: { SM8_RATE_PER_MINUTE: String(perMinute), SM8_RATE_PER_DAY: String(perDay) },
});
let ok = false;
try {
  ok = await bench(h);
} finally {
  await h.cleanup();
}
process.exit(ok ? 0 : 1);

async function bench(h: AutomationHarness): Promise<boolean> {
  const { db } = h.deps.database;
  const note = { id: 'note', type: 'Job_AddNote', params: { text: 'Badges of {{ job.number }} changed' } } as const;
  const triggerId = await h.createTrigger({ event: 'JobBadgesChanged', actions: [note] });
  const noise = ['JobStatusChanged', 'JobCompleted', 'JobAddedToQueue', 'JobCategoryChanged', 'JobQuoteSent'] as const;
  const noiseIds = await Promise.all(noise.map((event) => h.createTrigger({ event, actions: [note] })));
  // The setup's calls (the baseline) neither count nor use up the allowance of the measured part.
  h.sim.controls.clearCalls();
  h.sim.controls.setThrottle({}, { resetCounters: true });

  // --- the changes -------------------------------------------------------------------------------
  const jobs = Object.values(SEED_IDS.jobs);
  const badges = Object.values(SEED_IDS.badges);
  const badgeKey = (value: unknown) => (JSON.parse(String(value || '[]')) as string[]).sort().join(',');
  /** Per job, its changes in order: job:badges:edit_date (as in the event's occurrence key) and when. */
  const history = new Map<string, Array<{ key: string; at: number }>>(jobs.map((job) => [job, []]));
  const counters = new Map<string, number>();
  const badgesOf = (job: string) =>
    badgeKey(h.sim.controls.records('job').find((record) => record.uuid === job)?.badges);
  // A job never goes back to its starting badges: changes that end where they began are rightly no event.
  const initial = new Map(jobs.map((job) => [job, badgesOf(job)]));
  const started = h.clock.now().getTime();
  const loadBefore = os.loadavg()[0] ?? 0;
  for (let k = 0; k < changes; k++) {
    // Let deliveries start between writes; with --rate, wait for this change's turn.
    const wait = rate > 0 ? started + (k * 1000) / rate - h.clock.now().getTime() : 0;
    await new Promise((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve)));
    const job = jobs[k % jobs.length] as string;
    const current = badgesOf(job);
    let next: string[];
    do {
      const mask = ((counters.get(job) ?? 0) % 63) + 1; // one of the 63 non-empty sets of the 6 badges
      counters.set(job, (counters.get(job) ?? 0) + 1);
      next = badges.filter((_, bit) => mask & (1 << bit));
    } while ([current, initial.get(job)].includes(badgeKey(JSON.stringify(next))));
    const { record } = h.sim.controls.writeRecord('job', job, { badges: JSON.stringify(next) });
    history
      .get(job)
      ?.push({ key: `${job}:${badgeKey(record.badges)}:${record.edit_date}`, at: h.clock.now().getTime() });
  }
  const writtenMs = h.clock.now().getTime() - started;

  // --- wait until everything is delivered, processed and run -------------------------------------
  await h.sim.controls.webhooksIdle();
  const count = async (query: Promise<Array<{ n: number }>>) => (await query)[0]?.n ?? 0;
  const n = sql<number>`count(*)::int`;
  await waitFor(
    async () =>
      (await count(db.select({ n }).from(webhookInbox).where(eq(webhookInbox.status, 'Received')))) +
      (await count(
        db
          .select({ n })
          .from(triggerRuns)
          .where(inArray(triggerRuns.status, ['Scheduled', 'Running'])),
      )),
    (pending) => pending === 0,
    'every delivery processed and every run finished',
    Number(process.env.BENCH_TIMEOUT_MS ?? 15 * 60_000),
  );
  const settledMs = h.clock.now().getTime() - started;

  // --- results -----------------------------------------------------------------------------------
  const runs = await db
    .select({
      triggerId: triggerRuns.triggerId,
      jobUuid: triggerRuns.jobUuid,
      status: triggerRuns.status,
      reason: triggerRuns.reason,
      createdAt: triggerRuns.createdAt,
      finishedAt: triggerRuns.finishedAt,
      key: automationEvents.occurrenceKey,
    })
    .from(triggerRuns)
    .innerJoin(automationEvents, eq(automationEvents.id, triggerRuns.eventId))
    .where(inArray(triggerRuns.triggerId, [triggerId, ...noiseIds]));
  const badgeRuns = runs.filter((run) => run.triggerId === triggerId);
  const failed = runs.filter((run) => run.status !== 'Succeeded');
  const deliveries = h.sim.controls.deliveries().filter((d) => Date.parse(d.at) >= started && d.kind !== 'challenge');
  const inbox = await db
    .select({ receivedAt: webhookInbox.receivedAt, processedAt: webhookInbox.processedAt })
    .from(webhookInbox)
    .where(and(eq(webhookInbox.vendorId, h.vendorId), gte(webhookInbox.receivedAt, new Date(started))));
  const calls = h.sim.controls.calls();
  const callKinds = new Map<string, number>();
  for (const call of calls) {
    const kind = `${call.method} ${call.path.replace('/api_1.0/', '').replace(/[0-9a-f-]{36}\.json$/, ':uuid.json')}`;
    callKinds.set(kind, (callKinds.get(kind) ?? 0) + 1);
  }

  const ms = (date: Date | null) => date?.getTime() ?? Number.NaN;
  const stages = {
    changeToFinished: [] as number[],
    changeToCreated: [] as number[],
    seenChangeToFinished: [] as number[],
    createdToFinished: badgeRuns.map((run) => ms(run.finishedAt) - ms(run.createdAt)),
    inboxProcessing: inbox.map((row) => ms(row.processedAt) - ms(row.receivedAt)),
  };
  // A run saw the state one change left (its event's key) and stands for every change of the job
  // since the previous run: its latency counts from the oldest of them, as that user waited longest.
  let unmatched = 0;
  let lastChangesMissed = 0;
  for (const [job, changesOfJob] of history) {
    const keys = changesOfJob.map((change) => change.key);
    const runsOfJob = badgeRuns
      .filter((run) => run.jobUuid === job)
      .map((run) => ({ run, index: keys.lastIndexOf(run.key.replace(/^JobBadgesChanged:/, '')) }))
      .sort((a, b) => a.index - b.index);
    unmatched += runsOfJob.filter(({ index }) => index < 0).length;
    let previous = -1;
    for (const { run, index } of runsOfJob.filter(({ index }) => index >= 0)) {
      const oldest = changesOfJob[previous + 1]?.at ?? Number.NaN;
      stages.changeToFinished.push(ms(run.finishedAt) - oldest);
      stages.changeToCreated.push(ms(run.createdAt) - oldest);
      stages.seenChangeToFinished.push(ms(run.finishedAt) - (changesOfJob[index]?.at ?? Number.NaN));
      previous = index;
    }
    if (changesOfJob.length > 0 && previous !== changesOfJob.length - 1) lastChangesMissed++;
  }
  const percentile = (list: number[], p: number) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  };
  const summary = (list: number[]) => ({
    p50: percentile(list, 50),
    p95: percentile(list, 95),
    max: percentile(list, 100),
  });
  const wallMs = Math.max(writtenMs, ...badgeRuns.map((run) => ms(run.finishedAt) - started));

  const result = {
    changes,
    rate: rate > 0 ? rate : 'max',
    limits: realLimits ? 'real (180/min)' : `raised (${perMinute}/min)`,
    database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    cores: os.availableParallelism(),
    loadAverage: [loadBefore, os.loadavg()[0] ?? 0].map((load) => Number(load.toFixed(2))),
    writtenMs,
    deliveries: deliveries.length,
    deliveriesFailed: deliveries.filter((d) => !d.ok).length,
    inboxRows: inbox.length,
    runs: badgeRuns.length,
    noiseRuns: runs.length - badgeRuns.length,
    failedRuns: failed.length,
    unmatchedRuns: unmatched,
    lastChangesMissed,
    wallMs,
    settledMs,
    runsPerSecond: Number(((badgeRuns.length / wallMs) * 1000).toFixed(2)),
    latencyMs: {
      changeToFinished: summary(stages.changeToFinished),
      changeToCreated: summary(stages.changeToCreated),
      seenChangeToFinished: summary(stages.seenChangeToFinished),
      createdToFinished: summary(stages.createdToFinished),
      inboxReceivedToProcessed: summary(stages.inboxProcessing),
    },
    sm8Calls: calls.length,
    sm8CallsPerRun: Number((calls.length / Math.max(1, badgeRuns.length)).toFixed(2)),
    sm8CallsBy: Object.fromEntries([...callKinds].sort((a, b) => b[1] - a[1])),
  };

  const row = (label: string, value: unknown) => console.info(`${label.padEnd(36)} ${value}`);
  const lat = (s: { p50: number; p95: number; max: number }) => `p50 ${s.p50} ms · p95 ${s.p95} ms · max ${s.max} ms`;
  console.info(`\nAutomation engine benchmark: ${changes} badge changes over ${jobs.length} jobs`);
  row(
    'rate limits',
    realLimits
      ? "180/min: ServiceM8's real limit (simulator throttle and server)"
      : `raised to ${perMinute}/min on both sides (ServiceM8 allows 180/min per account)`,
  );
  row('database / queue', `${result.database}, QUEUE_POLL_SECONDS 0.5 (tests' setting; default 2)`);
  row('cores / load average before, after', `${result.cores} / ${result.loadAverage.join(' → ')} (1-min load average)`);
  row('pace of changes', rate > 0 ? `${rate}/s` : 'as fast as the simulator accepts them');
  row('writes took', `${writtenMs} ms`);
  row('webhook deliveries → inbox rows', `${deliveries.length} (${result.deliveriesFailed} failed) → ${inbox.length}`);
  row('runs created / changes', `${badgeRuns.length} / ${changes} (${changes - badgeRuns.length} coalesced)`);
  row('noise trigger runs', result.noiseRuns);
  row('failed runs', failed.length);
  row('jobs whose last change made no run', lastChangesMissed);
  row('wall time (first write → last run)', `${wallMs} ms (all deliveries processed: ${settledMs} ms)`);
  row('runs per second', result.runsPerSecond);
  row('change → run Succeeded', lat(result.latencyMs.changeToFinished));
  row('  change → run created', lat(result.latencyMs.changeToCreated));
  row('  run created → Succeeded', lat(result.latencyMs.createdToFinished));
  row('  from the change the run saw', lat(result.latencyMs.seenChangeToFinished));
  row('inbox received → processed', lat(result.latencyMs.inboxReceivedToProcessed));
  row('ServiceM8 calls (per run)', `${calls.length} (${result.sm8CallsPerRun})`);
  for (const [kind, times] of callKinds) row(`  ${kind}`, times);
  if (calls.length >= 10_000) row('  note', 'the simulator keeps the last 10,000 calls only: the count is low');
  for (const run of failed.slice(0, 5)) row('  failed run', `${run.status}: ${run.reason ?? ''}`);
  console.info(JSON.stringify(result));
  return failed.length === 0 && lastChangesMissed === 0;
}
