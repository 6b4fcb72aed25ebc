import type { GroupResult, ItemResult } from './evaluate-group.ts';

/**
 * Why a group did not hold, in one sentence for the run log: the reasons of the conditions that
 * failed, e.g. `The job's status is Quote? no: it is Work Order.`
 */
export function explainFailure(group: GroupResult): string {
  const failing = collectFailing(group);
  return failing.length > 0 ? failing.join(' ') : group.reason;
}

function collectFailing(item: ItemResult): string[] {
  if (item.result) return [];
  if (item.kind === 'condition') return [item.reason];
  return item.items.flatMap(collectFailing);
}

/**
 * Why a run was skipped when its conditions, which held when it was scheduled, were checked again:
 * what changed, said of the job (`job`, e.g. "job 1042") or the client, e.g.
 * `Skipped: job 1042 is no longer in status Quote (it is Work Order).` A condition whose question does
 * not read that way is given with its reason instead.
 */
export function explainLapse(group: GroupResult, job: string): string {
  const reasons = collectFailing(group);
  const lapses = reasons.map((reason) => lapseOf(reason, job));
  if (reasons.length > 0 && lapses.every((lapse) => lapse !== null)) return `Skipped: ${lapses.join('; ')}.`;
  return `Skipped: the conditions no longer held when the run was due. ${explainFailure(group)}`;
}

/** "The job is in none of the queues X", "The client has the badge Y", … as what is no longer so. */
const LAPSES: ReadonlyArray<[RegExp, (holder: string, rest: string) => string]> = [
  [/^The job's status is none of (.+)$/, (holder, rest) => `${holder}'s status is now one of ${rest}`],
  [/^The job's status is (.+)$/, (holder, rest) => `${holder} is no longer in status ${rest}`],
  [/^The (?:job|client) is in none of (.+)$/, (holder, rest) => `${holder} is now in one of ${rest}`],
  [/^The (?:job|client) has none of (.+)$/, (holder, rest) => `${holder} now has one of ${rest}`],
  [/^The (?:job|client) is (.+)$/, (holder, rest) => `${holder} is no longer ${rest}`],
  [/^The (?:job|client) has (.+)$/, (holder, rest) => `${holder} no longer has ${rest}`],
];

/** A condition's reason (`<question>? no: <detail>.`, as `evaluateCondition` writes it) as a lapse, or null. */
function lapseOf(reason: string, job: string): string | null {
  const parsed = /^(.+?)\? no(?:: (.+))?\.$/.exec(reason);
  if (!parsed) return null;
  const [, question = '', detail] = parsed;
  const holder = question.startsWith('The client') ? 'the client' : job;
  for (const [pattern, say] of LAPSES) {
    const match = pattern.exec(question);
    if (match) return `${say(holder, match[1] ?? '')}${detail ? ` (${detail})` : ''}`;
  }
  return null;
}
