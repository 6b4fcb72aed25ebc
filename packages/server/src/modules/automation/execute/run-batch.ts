import { isClientFacingAction, type TriggerDefinition } from '@automate/contract';
import type { Deps } from '../../../deps.ts';
import type { RateTokenPool } from '../../../integrations/servicem8/rate-limiter.ts';
import type { Sm8Client } from '../../../integrations/servicem8/sm8-client.ts';
import { limitSentence, planLimitsOf } from '../../billing/checkout.service.ts';
import { type Sm8Connection, sm8ClientFor } from '../../servicem8/sm8-access.ts';
import { triggerVersion } from '../../triggers/trigger-lookups.service.ts';
import { findVendor } from '../../vendors/vendors.service.ts';
import { listStepsOfRuns, type RunRow, type StepRow } from '../automation.repository.ts';
import type { runSteps } from '../automation.schema.ts';
import { loadReferenceNames, NO_NAMES, type ReferenceNames, usesReferenceNames } from '../match/reference-names.ts';
import { batchRendezvous } from './batch-rendezvous.ts';
import { currentObservedRecords } from './observed-records.ts';
import { finishRuns, type HeldSteps, insertStepsAfter, type RunOutcome } from './run-writes.repository.ts';
import { runUsageSince } from './usage.service.ts';

type StepInsert = typeof runSteps.$inferInsert;

/**
 * What the runs of one batch (one vendor's runs due together) share, each read once for all of them:
 * the vendor, its plan's limits and this period's usage, its ServiceM8 connection, the runs' steps and
 * the records their observations stored. And what they write together: the plans of their first
 * actions in one statement before any of them calls ServiceM8 (`plans`), and their ends in one
 * statement (`ends`). A single run is a batch of one.
 */
export type RunBatch = ReturnType<typeof runBatch>;

export function runBatch(
  deps: Deps,
  vendorId: string,
  runs: readonly RunRow[],
  shared: {
    connection: () => Promise<Sm8Connection>;
    rateTokens: RateTokenPool | undefined;
    /** Whether this is the first attempt of the job that carries the runs (not a retry or a resumption). */
    firstAttempt: boolean;
  },
) {
  const db = deps.database.db;
  const now = deps.clock.now();
  const runIds = runs.map((run) => run.id);
  // A record's runs go one after the other (`recordOrder`): only the first of each waits for the others.
  const leaders = recordOrder(runs).map((chain) => chain[0]?.id ?? '');

  const vendor = once(() => findVendor(db, vendorId));
  const planLimit = once(() => planLimitsOf(db, vendorId, now));
  const usage = once(async () => {
    const limit = await planLimit();
    return limit ? runUsageSince(db, vendorId, limit.periodStart) : null;
  });
  const steps = once(() => listStepsOfRuns(db, runIds));
  const observed = once(async () => {
    const stepsOf = await steps();
    return currentObservedRecords(
      deps,
      vendorId,
      runs.map((run) => ({
        run,
        hasActed: (stepsOf.get(run.id) ?? []).some((step) => step.kind === 'Action'),
        firstAttempt: shared.firstAttempt && run.restoredAt === null,
      })),
      now,
    );
  });
  const names = once(() => loadReferenceNames(db, vendorId));
  const versions = new Map<string, ReturnType<typeof triggerVersion>>();
  const quota = quotaCounter(runs);
  const callsInFlight = atMostAtOnce(CALLS_AT_ONCE);
  /** The plans (Started steps) of the runs' first actions, written together before any action is performed. */
  const plans = batchRendezvous(leaders, async (items: Array<{ held: HeldSteps; step: StepInsert }>) =>
    insertStepsAfter(
      db,
      {
        inserts: items.flatMap((item) => item.held.inserts),
        finishes: items.flatMap((item) => item.held.finishes),
      },
      items.map((item) => item.step),
    ),
  );
  /** The runs' ends, with the step changes each held, written together. */
  const ends = batchRendezvous(
    leaders,
    async (items: Array<{ runId: string; outcome: RunOutcome; held: HeldSteps }>) => {
      await finishRuns(db, items);
      return items.map(() => undefined);
    },
  );
  const stepsOf = async (runId: string): Promise<StepRow[]> => (await steps()).get(runId) ?? [];

  return {
    vendorId,
    vendor,
    connection: shared.connection,
    /** A client for one run, counting that run's calls (`onRequest`), using the calls the batch took first. */
    async client(onRequest: () => void): Promise<Sm8Client> {
      return sm8ClientFor(deps, await shared.connection(), {
        onRequest,
        rateTokens: shared.rateTokens,
        limitCalls: callsInFlight,
      });
    },
    stepsOf,
    plans,
    ends,
    async observedOf(runId: string) {
      return (await observed()).get(runId) ?? [];
    },
    /** The trigger version the run was created from, read once for the batch's runs of it. */
    versionOf(run: Pick<RunRow, 'triggerId' | 'triggerVersion'>) {
      const key = `${run.triggerId}/${run.triggerVersion}`;
      let version = versions.get(key);
      if (!version) {
        version = triggerVersion(db, { triggerId: run.triggerId, version: run.triggerVersion });
        versions.set(key, version);
      }
      return version;
    },
    namesFor(definition: Pick<TriggerDefinition, 'conditions' | 'actions'>): Promise<ReferenceNames> {
      return usesReferenceNames([definition]) ? names() : Promise.resolve(NO_NAMES);
    },
    /** Why the run may not start because the plan's runs this period are used up, or null. */
    async runQuotaRefusal(): Promise<string | null> {
      const limit = await planLimit();
      const used = await usage();
      if (!limit || !used) return null;
      if (quota.claimRun(used.runs, limit.periodStart, limit.plan.maxRunsPerMonth)) return null;
      return `${limitSentence(limit.plan, 'runsPerMonth')}, and this period's are used up: the run was skipped. Change plan to run more.`;
    },
    /**
     * Why a run that has not acted yet may not start because the emails and texts it sends would pass
     * the plan's monthly number, or null. A run already under way finishes what it started. The
     * batch's runs that go ahead count against the number in turn.
     */
    async messageQuotaRefusal(run: RunRow, definition: TriggerDefinition): Promise<string | null> {
      const sends = definition.actions.filter((action) => isClientFacingAction(action.type)).length;
      if (sends === 0) return null;
      const limit = await planLimit();
      if (!limit) return null;
      if ((await stepsOf(run.id)).some((step) => step.kind === 'Action')) return null;
      const used = await usage();
      if (!used || quota.claimMessages(used.messages, sends, limit.plan.maxMessagesPerMonth)) return null;
      return `${limitSentence(limit.plan, 'messagesPerMonth')}, and this run would send more than this period has left: the run was skipped. Change plan to send more.`;
    },
    /** Says the run writes nothing more with the batch (it waits for something else, or is done). */
    leave(runId: string) {
      plans.pass(runId);
      ends.pass(runId);
    },
  };
}

/**
 * The runs as chains, one per record (job, client or form response): a record's runs perform their
 * calls in order, one run after the other; the chains go concurrently.
 */
export function recordOrder(runs: readonly RunRow[]): RunRow[][] {
  const chains = new Map<string, RunRow[]>();
  for (const run of runs) {
    const key = run.jobUuid ?? run.clientUuid ?? run.formResponseUuid ?? run.id;
    const chain = chains.get(key);
    if (chain) chain.push(run);
    else chains.set(key, [run]);
  }
  return [...chains.values()];
}

/**
 * The plan's numbers as the batch's runs use them in turn. The period's run count includes the runs
 * of the batch (they are Running); each run counts as it goes ahead, as it would one run at a time.
 * Messages count as a run that sends them goes ahead, so two runs cannot both take the last ones.
 */
function quotaCounter(runs: readonly RunRow[]) {
  let runsCounted: number | null = null;
  let messagesTaken = 0;
  return {
    claimRun(periodRuns: number, periodStart: Date, max: number): boolean {
      runsCounted ??=
        periodRuns - runs.filter((run) => run.startedAt && run.startedAt.getTime() >= periodStart.getTime()).length;
      if (runsCounted + 1 > max) return false;
      runsCounted++;
      return true;
    },
    claimMessages(periodMessages: number, sends: number, max: number): boolean {
      if (periodMessages + messagesTaken + sends > max) return false;
      messagesTaken += sends;
      return true;
    },
  };
}

/**
 * How many of a batch's ServiceM8 calls are in flight at once. Its runs go concurrently (they meet to
 * write their plans and ends together), their calls a few at a time: a vendor's QUEUE_VENDOR_CONCURRENCY
 * batches then have as many calls in flight as that many single runs had, times this.
 */
const CALLS_AT_ONCE = 8;

/** Runs the calls given to it, at most `limit` at a time, the others waiting in turn. */
function atMostAtOnce(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(call: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await call();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** A value read on first use and shared after. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= read();
    return value;
  };
}
