/**
 * calls: ServiceM8 calls per run, per event type, from the simulator's call log. One trigger per
 * event (status changed, badges changed, job created), each adding a note. Each change is made
 * alone; everything the server asks ServiceM8 from the change until its run has finished and
 * ServiceM8 has been quiet for a moment counts towards that run: reading the delivery's record,
 * matching, executing and the action's write.
 */
import type { CallRecord, SimRecord } from '@automate/servicem8-sim';
import { badgeChooser, callKind, waitForQuiet, waitForRuns } from './changes.ts';
import { startBenchEnv } from './environment.ts';
import { round } from './load.ts';
import type { Benchmark, Metric } from './types.ts';

const GOAL_CALLS_PER_RUN = 2;

type Kind = {
  key: string;
  event: string;
  label: string;
  /** Makes one change in the simulator that must start exactly one run of the trigger. */
  change(jobs: SimRecord[], n: number): Promise<void>;
};

export const calls: Benchmark = {
  name: 'calls',
  title: 'ServiceM8 calls per run',
  async run(context) {
    const perKind = context.quick ? 1 : 5;
    const note = (event: string) => ({
      event,
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: `${event}: {{ job.number }}` } }],
    });
    const events = ['JobStatusChanged', 'JobBadgesChanged', 'JobIsCreated'];
    const env = await startBenchEnv({ ...context, name: 'calls', triggers: events.map(note) });
    try {
      const sim = env.sim;
      const choose = badgeChooser((await sim.records('badge')).map((badge) => badge.uuid));
      const companies = await sim.records('company');
      // Its status goes to Unsuccessful and back, each a change of status.
      const workOrder = (await sim.records('job')).find((job) => job.status === 'Work Order');
      if (!workOrder) throw new Error('the demo account has no Work Order job');
      const kinds: Kind[] = [
        {
          key: 'statusChanged',
          event: 'JobStatusChanged',
          label: 'job status changed',
          async change(_jobs, n) {
            await sim.write('job', workOrder.uuid, { status: n % 2 === 0 ? 'Unsuccessful' : 'Work Order' });
          },
        },
        {
          key: 'badgesChanged',
          event: 'JobBadgesChanged',
          label: 'job badges changed',
          async change(jobs, n) {
            const job = jobs[n % jobs.length];
            if (!job) throw new Error('no job');
            await sim.write('job', job.uuid, { badges: JSON.stringify(choose(job)) });
          },
        },
        {
          key: 'jobCreated',
          event: 'JobIsCreated',
          label: 'job created',
          async change(_jobs, n) {
            await sim.write('job', undefined, {
              status: 'Quote',
              company_uuid: companies[n % companies.length]?.uuid ?? '',
              job_description: `Created by the benchmark (${n})`,
            });
          },
        },
      ];

      const metrics: Metric[] = [];
      const problems: string[] = [];
      const details: Record<string, unknown> = {};
      for (const [index, kind] of kinds.entries()) {
        const triggerId = env.triggerIds[index] ?? '';
        const counts: number[] = [];
        const byKind = new Map<string, number>();
        for (let n = 0; n < perKind; n++) {
          await waitForQuiet(sim, 300, 30_000);
          const since = (await sim.calls()).at(-1)?.id ?? 0;
          const jobs = (await sim.records('job')).filter((job) => job.active === 1);
          await kind.change(jobs, n);
          const { settled } = await waitForRuns(() => env.runsOf(triggerId), n + 1, 60_000);
          if (!settled) problems.push(`calls (${kind.label}): change ${n + 1} made no finished run within 60 s`);
          await waitForQuiet(sim, 1000, 30_000);
          const made: CallRecord[] = await sim.calls({ since });
          counts.push(made.length);
          for (const call of made) byKind.set(callKind(call), (byKind.get(callKind(call)) ?? 0) + 1);
        }
        const runs = await env.runsOf(triggerId);
        const failed = runs.filter((run) => run.status !== 'Succeeded');
        if (runs.length !== perKind) {
          problems.push(`calls (${kind.label}): ${perKind} changes made ${runs.length} runs`);
        }
        if (failed.length > 0) {
          problems.push(`calls (${kind.label}): ${failed.length} runs did not succeed (${failed[0]?.reason ?? ''})`);
        }
        const perRun = round(counts.reduce((sum, count) => sum + count, 0) / Math.max(1, runs.length));
        metrics.push({
          key: `${kind.key}.callsPerRun`,
          label: kind.label,
          value: perRun,
          unit: 'calls',
          better: 'lower',
          goal: { op: '<=', value: GOAL_CALLS_PER_RUN },
        });
        details[kind.key] = {
          changes: perKind,
          runs: runs.length,
          callsPerChange: counts,
          byKind: Object.fromEntries([...byKind].sort((a, b) => b[1] - a[1])),
        };
      }
      return { metrics, problems, notes: [], details };
    } finally {
      await env.close();
    }
  },
};
