/**
 * latency: from a change in ServiceM8 to the first ServiceM8 call of the action it triggers, on an
 * idle system. One trigger (badges changed → add a note). Each sample changes a demo job's badges
 * through the simulator (which sends the webhook), reads the time of the first write call in the
 * simulator's call log, then waits for the run to finish and for quiet before the next change. Done
 * with the simulator answering at once, then 100 ms late.
 *
 * Afterwards every run is matched to the change it stands for: its event's occurrence key names the
 * job, the badges and the edit_date it saw (the engine may add more after them, as the snapshot
 * revision `:r<n>` it adds today). A change without its run, or a run for a state never written, is broken.
 */

import { badgeChooser, badgeKey, isWrite, waitForCall, waitForQuiet, waitForRuns } from './changes.ts';
import { startBenchEnv } from './environment.ts';
import { percentile, round } from './load.ts';
import type { Benchmark, Metric } from './types.ts';

const SIM_LATENCIES_MS = [0, 100];
const GOAL_P95_MS = 250;

type Change = { job: string; key: string; at: number };

/** Does an occurrence key stand for this change? The key may carry more after the edit date. */
function keyMatches(occurrenceKey: string, change: Change): boolean {
  const prefix = `JobBadgesChanged:${change.key}`;
  return occurrenceKey === prefix || occurrenceKey.startsWith(`${prefix}:`);
}

export const latency: Benchmark = {
  name: 'latency',
  title: 'Event → first action call',
  async run(context) {
    const samples = context.quick ? 3 : 30;
    const env = await startBenchEnv({
      ...context,
      name: 'latency',
      triggers: [
        {
          event: 'JobBadgesChanged',
          actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Badges of {{ job.number }} changed' } }],
        },
      ],
    });
    try {
      const triggerId = env.triggerIds[0] ?? '';
      const choose = badgeChooser((await env.sim.records('badge')).map((badge) => badge.uuid));
      const changes: Change[] = [];
      const metrics: Metric[] = [];
      const problems: string[] = [];
      const details: Record<string, unknown> = {};
      let made = 0;
      for (const simLatency of SIM_LATENCIES_MS) {
        await env.sim.clearFaults();
        if (simLatency > 0) await env.sim.addFault({ kind: 'latency', path: '/api_1.0', latencyMs: simLatency });
        const latencies: number[] = [];
        let missing = 0;
        for (let i = 0; i < samples; i++) {
          const jobs = await env.sim.records('job');
          const job = jobs[made % jobs.length];
          if (!job) throw new Error('the demo account has no jobs');
          const since = (await env.sim.calls()).at(-1)?.id ?? 0;
          const at = Date.now();
          const record = await env.sim.write('job', job.uuid, { badges: JSON.stringify(choose(job)) });
          changes.push({ job: job.uuid, key: `${job.uuid}:${badgeKey(record.badges)}:${record.edit_date}`, at });
          made++;
          const action = await waitForCall(env.sim, since, isWrite, 60_000);
          if (action) latencies.push(Date.parse(action.at) - at);
          else missing++;
          await waitForRuns(() => env.runsOf(triggerId), made, 60_000);
          await waitForQuiet(env.sim, 300, 30_000);
        }
        if (missing > 0)
          problems.push(`latency (sim ${simLatency} ms): ${missing} changes made no action call within 60 s`);
        const label = `sim ${simLatency} ms`;
        const key = `sim${simLatency}`;
        metrics.push(
          {
            key: `${key}.p50Ms`,
            label: `p50, ${label}`,
            value: round(percentile(latencies, 50)),
            unit: 'ms',
            better: 'lower',
          },
          {
            key: `${key}.p95Ms`,
            label: `p95, ${label}`,
            value: round(percentile(latencies, 95)),
            unit: 'ms',
            better: 'lower',
            goal: { op: '<=', value: GOAL_P95_MS },
          },
          {
            key: `${key}.p99Ms`,
            label: `p99, ${label}`,
            value: round(percentile(latencies, 99)),
            unit: 'ms',
            better: 'lower',
          },
        );
        details[key] = { samples, latenciesMs: latencies };
      }

      const runs = await env.runsOf(triggerId);
      const failed = runs.filter((run) => run.status !== 'Succeeded');
      if (failed.length > 0) {
        problems.push(
          `latency: ${failed.length} runs did not succeed (${failed
            .slice(0, 3)
            .map((run) => `${run.status}: ${run.reason}`)
            .join('; ')})`,
        );
      }
      // Which change each run stands for, from its event's occurrence key.
      if (context.kind === 'pglite') await env.stopServer();
      const keyed = await env.db.query<{ occurrence_key: string }>(
        `select e.occurrence_key from trigger_runs r join automation_events e on e.id = r.event_id
          where r.trigger_id = '${triggerId}'`,
      );
      const unmatched = keyed.filter((run) => !changes.some((change) => keyMatches(run.occurrence_key, change)));
      const withoutRun = changes.filter((change) => !keyed.some((run) => keyMatches(run.occurrence_key, change)));
      const doubled = changes.filter(
        (change) => keyed.filter((run) => keyMatches(run.occurrence_key, change)).length > 1,
      );
      if (unmatched.length > 0) {
        problems.push(
          `latency: ${unmatched.length} runs stand for no change that was made (e.g. ${unmatched[0]?.occurrence_key})`,
        );
      }
      if (withoutRun.length > 0)
        problems.push(`latency: ${withoutRun.length} of ${changes.length} changes made no run`);
      if (doubled.length > 0) problems.push(`latency: ${doubled.length} changes made more than one run`);
      return {
        metrics,
        problems,
        notes: [`${changes.length} changes, one at a time; ${runs.length} runs`],
        details: { ...details, changes: changes.length, runs: runs.length, failedRuns: failed.length },
      };
    } finally {
      await env.close();
    }
  },
};
