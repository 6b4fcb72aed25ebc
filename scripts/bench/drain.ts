/**
 * drain: a burst of deliveries that each start one run with one action, and how fast the engine works
 * through them. The demo account gets N more jobs before it is connected (they are in the baseline);
 * one trigger adds a note when a job's badges change. The badges of all N jobs then change in
 * ServiceM8 at once and N deliveries, one per job and shaped like the simulator's, are posted to the
 * callback by 50 connections. Progress is read from the simulator's call log (each note written);
 * nothing may be done twice (the simulator's notes, one per job at most). The server's memory (RSS)
 * is read from /proc at the end: that is the `memory` benchmark.
 *
 * Each phase has a time cap: what was done by then is reported ("1,234 of 5,000 done after 300 s").
 */
import { notesPerJob, waitForNotes, workOrders } from './changes.ts';
import { startBenchEnv } from './environment.ts';
import { inParallel, round } from './load.ts';
import { memoryOf } from './processes.ts';
import type { BenchContext, Benchmark, Metric } from './types.ts';

const POST_CONNECTIONS = 50;

type Phase = { simLatencyMs: number; jobs: number; capSeconds: number };

function drainPhases(quick: boolean, capSeconds: number | undefined): Phase[] {
  return quick
    ? [
        { simLatencyMs: 0, jobs: 200, capSeconds: capSeconds ?? 60 },
        { simLatencyMs: 100, jobs: 50, capSeconds: Math.min(capSeconds ?? 30, 30) },
      ]
    : [
        { simLatencyMs: 0, jobs: 5000, capSeconds: capSeconds ?? 300 },
        { simLatencyMs: 100, jobs: 1000, capSeconds: Math.min(capSeconds ?? 120, 120) },
      ];
}

/** ServiceM8's `YYYY-MM-DD HH:MM:SS`, one second after the newest of `dates`. */
function secondAfter(dates: string[]): string {
  const newest = dates.reduce((max, date) => (date > max ? date : max), '');
  return new Date(Date.parse(`${newest.replace(' ', 'T')}Z`) + 1000).toISOString().slice(0, 19).replace('T', ' ');
}

type PhaseResult = {
  jobs: number;
  capSeconds: number;
  postedInSeconds: number;
  accepted: number;
  refused: number;
  done: number;
  allDone: boolean;
  /** From the first delivery to the last action done (or to the cap). */
  elapsedSeconds: number;
  actionsPerSecond: number;
  /** The longest a done job waited: its run finished, counted from its delivery's answer. */
  lastWaitedSeconds: number | null;
  stillWaiting: number;
  failedRuns: number;
  doubled: number;
  stored: number | null;
  memory: { rssMb: number; peakRssMb: number } | undefined;
  problems: string[];
};

async function runPhase(context: BenchContext, phase: Phase, name: string): Promise<PhaseResult> {
  const extraJobs = workOrders(phase.jobs, 'Drain benchmark job');
  const env = await startBenchEnv({
    ...context,
    name,
    extraJobs,
    triggers: [
      {
        event: 'JobBadgesChanged',
        actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Drain {{ job.number }}' } }],
      },
    ],
  });
  try {
    const triggerId = env.triggerIds[0] ?? '';
    const problems: string[] = [];
    if (phase.simLatencyMs > 0) {
      await env.sim.addFault({ kind: 'latency', path: '/api_1.0', latencyMs: phase.simLatencyMs });
    }
    const burstUuids = new Set(extraJobs.map((job) => job.uuid));
    const all = await env.sim.records('job');
    const badge = (await env.sim.records('badge'))[0]?.uuid ?? '';
    const editDate = secondAfter(all.map((job) => job.edit_date));
    // The changes happen in ServiceM8 (without the simulator's own deliveries); ours follow at once.
    await env.sim.seed({
      job: all
        .filter((job) => burstUuids.has(job.uuid))
        .map((job) => ({ ...job, badges: JSON.stringify([badge]), edit_date: editDate })),
    });
    const since = (await env.sim.calls()).at(-1)?.id ?? 0;
    const template = env.jobDelivery;
    const time = new Date().toISOString().slice(0, 19).replace('T', ' ');
    const acceptedAt = new Map<string, number>();
    let refused = 0;
    /** What the first refusals were (a status and its body, or the connection's error), to tell why. */
    const refusals: string[] = [];
    const refuse = (why: string) => {
      refused++;
      if (refusals.length < 5) refusals.push(why);
    };
    const started = Date.now();
    await inParallel(extraJobs, POST_CONNECTIONS, async (job) => {
      const body = {
        ...template,
        entry: [{ ...template.entry[0], uuid: job.uuid, changed_fields: ['badges'], time }],
        resource_url: template.resource_url.replace(/[0-9a-f-]{36}(?=\.json$)/, job.uuid),
      };
      try {
        const response = await fetch(env.callbackUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        if (response.ok) acceptedAt.set(job.uuid, Date.now());
        else refuse(`${response.status} ${text.slice(0, 200)}`);
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        refuse(`${error instanceof Error ? error.message : String(error)}${cause}`);
      }
    });
    const postedInSeconds = (Date.now() - started) / 1000;
    if (refused > 0) {
      problems.push(`drain: ${refused} of ${phase.jobs} deliveries were not accepted (${refusals.join('; ')})`);
    }

    // Progress: each note the engine writes, from the call log.
    const doneAt = (await waitForNotes(env.sim, since, acceptedAt.size, started + phase.capSeconds * 1000)).map(
      (call) => Date.parse(call.at),
    );
    const stoppedAt = Date.now();
    const memory = memoryOf(env.server.pid);
    const done = doneAt.length;
    const allDone = done >= acceptedAt.size;
    const lastDone = doneAt.reduce((max, at) => Math.max(max, at), started);
    const elapsedSeconds = ((allDone ? lastDone : stoppedAt) - started) / 1000;

    // What was done, per job, in ServiceM8: at most one note each.
    const perJob = await notesPerJob(env.sim, burstUuids);
    const doubled = [...perJob.values()].filter((count) => count > 1).length;
    if (doubled > 0) problems.push(`drain: ${doubled} jobs got their note more than once`);

    const runs = (await env.runsOf(triggerId)).filter((run) => run.jobUuid && burstUuids.has(run.jobUuid));
    const failedRuns = runs.filter((run) => run.status === 'Failed').length;
    if (failedRuns > 0)
      problems.push(`drain: ${failedRuns} runs failed (${runs.find((r) => r.status === 'Failed')?.reason})`);
    const waits = runs
      .filter((run) => run.status === 'Succeeded' && run.finishedAt && run.jobUuid)
      .map((run) => Date.parse(run.finishedAt ?? '') - (acceptedAt.get(run.jobUuid ?? '') ?? started));
    const lastWaitedSeconds = waits.length > 0 ? round(Math.max(...waits) / 1000) : null;

    // Every accepted delivery must be in the inbox (the embedded database opens once the server stopped).
    if (context.kind === 'pglite') await env.stopServer();
    const [row] = await env.db.query<{ stored: number }>(
      `select count(*)::int as stored from webhook_inbox
        where vendor_id = '${env.vendorId}' and received_at >= '${new Date(started).toISOString()}'`,
    );
    const stored = row?.stored ?? 0;
    if (stored < acceptedAt.size) problems.push(`drain: ${acceptedAt.size} deliveries accepted, ${stored} stored`);
    if (allDone && perJob.size < acceptedAt.size) {
      problems.push(`drain: ${acceptedAt.size - perJob.size} jobs have no note although every action was counted`);
    }
    return {
      jobs: phase.jobs,
      capSeconds: phase.capSeconds,
      postedInSeconds: round(postedInSeconds),
      accepted: acceptedAt.size,
      refused,
      done,
      allDone,
      elapsedSeconds: round(elapsedSeconds),
      actionsPerSecond: round(done / Math.max(elapsedSeconds, 0.001), 2),
      lastWaitedSeconds,
      stillWaiting: acceptedAt.size - done,
      failedRuns,
      doubled,
      stored,
      memory,
      problems,
    };
  } finally {
    await env.close();
  }
}

const n = (value: number) => value.toLocaleString('en');

export function drainBenchmark(capSeconds: number | undefined): Benchmark {
  return {
    name: 'drain',
    title: 'Drain a burst (and the server’s memory after it)',
    async run(context) {
      const metrics: Metric[] = [];
      const problems: string[] = [];
      const notes: string[] = [];
      const details: Record<string, unknown> = {};
      const memory: Metric[] = [];
      for (const phase of drainPhases(context.quick, capSeconds)) {
        const key = `sim${phase.simLatencyMs}`;
        const result = await runPhase(context, phase, `drain-${key}`);
        details[key] = result;
        problems.push(...result.problems);
        const label = `sim ${phase.simLatencyMs} ms, ${n(phase.jobs)} deliveries`;
        metrics.push(
          {
            key: `${key}.done`,
            label: `done (${label})`,
            value: result.done,
            unit: '',
            better: 'higher',
            display: result.allDone
              ? `all ${n(result.done)} done in ${result.elapsedSeconds} s`
              : `${n(result.done)} of ${n(result.accepted)} done after ${phase.capSeconds} s (cap)`,
          },
          {
            key: `${key}.actionsPerSecond`,
            label: `actions/s (${label})`,
            value: result.actionsPerSecond,
            unit: '/s',
            better: 'higher',
            ...(phase.simLatencyMs === 0
              ? { goal: { op: '>=', value: context.kind === 'postgres' ? 200 : 100 } as const }
              : {}),
          },
          {
            key: `${key}.lastWaitedSeconds`,
            label: `the last one done waited (${label})`,
            value: result.lastWaitedSeconds,
            unit: 's',
            better: 'lower',
            ...(result.allDone
              ? {}
              : {
                  display: `${result.lastWaitedSeconds ?? '–'} s; ${n(result.stillWaiting)} still waiting at the cap`,
                }),
          },
        );
        if (phase.simLatencyMs === 0 && result.memory) {
          memory.push(
            {
              key: 'memory.rssMb',
              label: 'server RSS after the drain',
              value: result.memory.rssMb,
              unit: 'MB',
              better: 'lower',
              goal: { op: '<=', value: 300 },
            },
            {
              key: 'memory.peakRssMb',
              label: 'server peak RSS',
              value: result.memory.peakRssMb,
              unit: 'MB',
              better: 'lower',
            },
          );
        }
        notes.push(
          `sim ${phase.simLatencyMs} ms: ${n(result.accepted)} deliveries posted in ${result.postedInSeconds} s`,
        );
      }
      return { metrics: [...metrics, ...memory], problems, notes, details };
    },
  };
}
