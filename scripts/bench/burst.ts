/**
 * burst: what a busy business lives through under ServiceM8's real limits, 180 calls a minute and
 * 20,000 a day per account, in the simulator and in the server alike. The demo account gets N more
 * Work Orders (500; quick: 100) before it is connected; one trigger adds a note when a job's status
 * changes. All N are completed in ServiceM8 at once (the simulator sends the webhooks). Measured, from
 * the simulator's call log: the time from the first change to the last note, against the floor of N
 * notes at 180 calls a minute; and every call the account received from the first change to the last
 * note, per note. Meanwhile, 30 s into the burst (quick: 10 s), a second business on the same server,
 * with a ServiceM8 account of its own and the same trigger, completes one job: from that change to
 * its note. Both accounts start with a whole minute's allowance.
 */
import type { CallRecord } from '@automate/servicem8-sim';
import type { TriggerInput } from './business.ts';
import { callKind, isNoteWritten, notesPerJob, waitForCall, waitForNotes, workOrders } from './changes.ts';
import { SERVICEM8_LIMITS, startBenchEnv } from './environment.ts';
import { inParallel, round, sleep } from './load.ts';
import { lastCallId, type SimClient } from './sim-client.ts';
import type { Benchmark, Metric } from './types.ts';

/** The goal for the burst: within this multiple of the floor (N notes at 180 calls a minute). */
const GOAL_FLOOR_MULTIPLE = 1.2;
const GOAL_CALLS_PER_NOTE = 1.1;
const GOAL_OTHER_BUSINESS_SECONDS = 5;
/** Past this multiple of the floor (plus a minute) the burst is given up: a note still missing is lost. */
const CAP_FLOOR_MULTIPLE = 6;
/** How many of the burst's changes are made in the simulator at a time. */
const CHANGE_CONNECTIONS = 20;
const FINISHED_STATUS = 'Completed';

const addNote = (text: string): TriggerInput => ({
  event: 'JobStatusChanged',
  actions: [{ id: 'note', type: 'Job_AddNote', params: { text: `${text} {{ job.number }}` } }],
});

const n = (value: number) => value.toLocaleString('en');

/** Waits (up to 70 s) until none of the accounts has had a call in the last minute. */
async function waitForWholeMinute(sims: SimClient[]): Promise<void> {
  const deadline = Date.now() + 70_000;
  for (const sim of sims) {
    while (Date.now() < deadline && Object.values((await sim.throttle()).usage).some((use) => use.minute > 0)) {
      await sleep(1000);
    }
  }
}

/** Calls and notes per minute from `started`: where the burst's time went. */
function perMinute(calls: CallRecord[], started: number): Array<{ minute: number; calls: number; notes: number }> {
  const minutes: Array<{ minute: number; calls: number; notes: number }> = [];
  for (const call of calls) {
    const minute = Math.floor((Date.parse(call.at) - started) / 60_000);
    while (minutes.length <= minute) minutes.push({ minute: minutes.length + 1, calls: 0, notes: 0 });
    const row = minutes[minute];
    if (!row) continue;
    row.calls++;
    if (isNoteWritten(call)) row.notes++;
  }
  return minutes;
}

export const burst: Benchmark = {
  name: 'burst',
  title: 'A burst under ServiceM8’s real limits, and another business meanwhile',
  async run(context) {
    const jobs = context.quick ? 100 : 500;
    const floorSeconds = (jobs / SERVICEM8_LIMITS.perMinute) * 60;
    const capSeconds = Math.round(CAP_FLOOR_MULTIPLE * floorSeconds + 60);
    const otherAfterSeconds = context.quick ? 10 : 30;
    const extraJobs = workOrders(jobs, 'Burst benchmark job');
    const burstUuids = new Set(extraJobs.map((job) => job.uuid));
    const env = await startBenchEnv({
      ...context,
      name: 'burst',
      extraJobs,
      rateLimits: SERVICEM8_LIMITS,
      triggers: [addNote('Burst')],
      moreBusinesses: [{ triggers: [addNote('Meanwhile')] }],
    });
    try {
      const other = env.others[0];
      if (!other) throw new Error('the second business was not connected');
      const otherJob = (await other.sim.records('job')).find((job) => job.status === 'Work Order');
      if (!otherJob) throw new Error('the second account has no Work Order job');
      await waitForWholeMinute([env.sim, other.sim]);
      const since = await lastCallId(env.sim);
      const otherSince = await lastCallId(other.sim);

      const started = Date.now();
      await inParallel(extraJobs, CHANGE_CONNECTIONS, (job) =>
        env.sim.write('job', job.uuid, { status: FINISHED_STATUS }),
      );
      const changedInSeconds = (Date.now() - started) / 1000;
      const meanwhile = (async () => {
        await sleep(started + otherAfterSeconds * 1000 - Date.now());
        const changedAt = Date.now();
        await other.sim.write('job', otherJob.uuid, { status: FINISHED_STATUS });
        // Its note may wait behind the whole burst: that wait is what is measured, up to the cap.
        const note = await waitForCall(
          other.sim,
          otherSince,
          isNoteWritten,
          started + capSeconds * 1000 - changedAt,
          200,
        );
        return { changedAt, noteAt: note ? Date.parse(note.at) : null };
      })();
      const written = await waitForNotes(env.sim, since, jobs, started + capSeconds * 1000);
      const otherChange = await meanwhile;

      const problems: string[] = [];
      const notes: string[] = [];
      const allDone = written.length >= jobs;
      const last = written.at(-1);
      const lastNoteSeconds = last ? (Date.parse(last.at) - started) / 1000 : null;
      // Every call the account received from the first change to the last note.
      const calls = (await env.sim.calls({ since })).filter((call) => !last || call.id <= last.id);
      const byKind = new Map<string, number>();
      for (const call of calls) {
        const kind = `${callKind(call)} ${call.status ?? 'unanswered'}`;
        byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      }
      const refused = calls.filter((call) => call.status === 429).length;

      // Nothing lost, nothing done twice: one note per job in ServiceM8, one succeeded run per change.
      const perJob = await notesPerJob(env.sim, burstUuids);
      const doubled = [...perJob.values()].filter((count) => count > 1).length;
      const missing = jobs - perJob.size;
      if (doubled > 0) problems.push(`burst: ${doubled} jobs got their note more than once`);
      if (missing > 0) {
        problems.push(
          `burst: ${missing} of ${jobs} jobs have no note ${allDone ? 'although every note was counted' : `after ${capSeconds} s (the cap)`}`,
        );
      }
      const runs = await env.runsOf(env.triggerIds[0] ?? '');
      if (runs.length !== jobs) problems.push(`burst: ${jobs} status changes made ${runs.length} runs`);
      const failed = runs.filter((run) => ['Failed', 'Cancelled', 'Skipped'].includes(run.status));
      if (failed.length > 0) {
        problems.push(`burst: ${failed.length} runs ended ${failed[0]?.status} (${failed[0]?.reason ?? ''})`);
      }

      const otherCalls = await other.sim.calls({ since: otherSince });
      const otherNotes = otherCalls.filter(isNoteWritten).length;
      // Where the other business's wait went: its delivery, then each call, from its change.
      const fromOtherChange = (at: string) => round((Date.parse(at) - otherChange.changedAt) / 1000, 2);
      const otherTimeline = [
        ...(await other.sim.deliveries()).map((delivery) => ({
          seconds: fromOtherChange(delivery.at),
          what: `${delivery.kind} delivery answered ${delivery.status ?? 'never'}`,
        })),
        ...otherCalls.map((call) => ({ seconds: fromOtherChange(call.at), what: `${callKind(call)} ${call.status}` })),
      ].sort((a, b) => a.seconds - b.seconds);
      const otherRuns = await other.runsOf(other.triggerIds[0] ?? '');
      const otherSeconds =
        otherChange.noteAt === null ? null : Math.max(0, otherChange.noteAt - otherChange.changedAt) / 1000;
      if (otherSeconds === null) {
        problems.push(`burst: the other business’s change made no note within the cap of ${n(capSeconds)} s`);
      }
      if (otherNotes > 1) problems.push(`burst: the other business’s change made ${otherNotes} notes`);
      if (otherRuns.length !== 1 || otherRuns[0]?.status !== 'Succeeded') {
        problems.push(
          `burst: the other business’s change made ${otherRuns.length} runs (${otherRuns.map((r) => r.status).join(', ')})`,
        );
      }
      const notesBeforeOther = written.filter((call) => Date.parse(call.at) < otherChange.changedAt).length;
      if (notesBeforeOther >= jobs) notes.push('the burst was over before the other business’s change: not measured');

      const floor = round(floorSeconds);
      notes.push(
        `${n(jobs)} status changes made in ${round(changedInSeconds)} s; the floor is ${floor} s (${n(jobs)} notes at ` +
          `${SERVICEM8_LIMITS.perMinute} calls a minute), the cap ${n(capSeconds)} s`,
        `the other business’s change came ${round((otherChange.changedAt - started) / 1000)} s into the burst, ` +
          `with ${n(notesBeforeOther)} of ${n(jobs)} notes written`,
      );
      if (refused > 0) notes.push(`ServiceM8 refused ${n(refused)} of the burst’s calls with 429 (over its limit)`);

      const callsPerMinute = lastNoteSeconds ? (calls.length / lastNoteSeconds) * 60 : null;
      const metrics: Metric[] = [
        {
          key: 'lastNoteSeconds',
          label: `${n(jobs)} status changes → the last note`,
          value: allDone && lastNoteSeconds !== null ? round(lastNoteSeconds) : null,
          unit: 's',
          better: 'lower',
          goal: { op: '<=', value: round(GOAL_FLOOR_MULTIPLE * floorSeconds) },
          display:
            allDone && lastNoteSeconds !== null
              ? `${round(lastNoteSeconds)} s (${round(lastNoteSeconds / floorSeconds, 2)} × the floor of ${floor} s)`
              : `${n(written.length)} of ${n(jobs)} notes after ${n(capSeconds)} s (cap)`,
        },
        {
          key: 'callsPerNote',
          label: 'ServiceM8 calls per note during the burst',
          value: round(calls.length / Math.max(1, written.length), 2),
          unit: 'calls',
          better: 'lower',
          goal: { op: '<=', value: GOAL_CALLS_PER_NOTE },
        },
        {
          key: 'callsPerMinute',
          label: 'ServiceM8 calls a minute during the burst',
          value: callsPerMinute === null ? null : round(callsPerMinute),
          unit: '/min',
          better: 'higher',
          display:
            callsPerMinute === null ? undefined : `${round(callsPerMinute)} of ${SERVICEM8_LIMITS.perMinute} /min`,
        },
        {
          key: 'otherBusinessSeconds',
          label: `another business’s change → its note, ${otherAfterSeconds} s into the burst`,
          value: otherSeconds === null ? null : round(otherSeconds, 2),
          unit: 's',
          better: 'lower',
          goal: { op: '<=', value: GOAL_OTHER_BUSINESS_SECONDS },
        },
      ];
      return {
        metrics,
        problems,
        notes,
        details: {
          jobs,
          floorSeconds: floor,
          capSeconds,
          changedInSeconds: round(changedInSeconds),
          notesWritten: written.length,
          jobsWithNote: perJob.size,
          jobsWithMoreThanOneNote: doubled,
          lastNoteSeconds: lastNoteSeconds === null ? null : round(lastNoteSeconds),
          calls: calls.length,
          refused,
          byKind: Object.fromEntries([...byKind].sort((a, b) => b[1] - a[1])),
          perMinute: perMinute(calls, started),
          otherBusiness: {
            changedAfterSeconds: round((otherChange.changedAt - started) / 1000),
            noteSeconds: otherSeconds === null ? null : round(otherSeconds, 2),
            notesWrittenByBurstThen: notesBeforeOther,
            notes: otherNotes,
            runs: otherRuns.length,
            timeline: otherTimeline,
          },
        },
      };
    } finally {
      await env.close();
    }
  },
};
