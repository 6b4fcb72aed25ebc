import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** As many browser journeys at once as run well beside the other tests on two cores. */
const JOURNEYS_AT_ONCE = 2;

/** What a new worker costs before its first file runs (it imports the project's modules again). */
const NEW_WORKER_MS = 2_000;

/**
 * Each file's duration in a whole run of `npm test` (`UPDATE_TEST_DURATIONS=1 npm test` writes it again):
 * a fresh clone has no timings of its own yet, and a guess from file sizes started the longest browser
 * journeys last.
 */
export const DURATIONS_FILE = path.resolve(import.meta.dirname, 'test-durations.json');

/** Milliseconds per byte of test file, to guess the duration of a file newer than the table. */
const MS_PER_BYTE: Record<string, number> = {
  e2e: 3,
  server: 0.5,
  web: 0.5,
  'servicem8-sim': 0.1,
  'stripe-sim': 0.1,
  contract: 0.01,
};

/**
 * The tag a test file carries in its first lines when it spends most of its time waiting on the wall
 * clock (a rate limit per minute): it holds a worker but little CPU.
 */
const WAITS_TAG = '@waits-on-the-clock';

type Entry = { file: TestSpecification; estimate: number; group: string; journey: boolean; waits: boolean };

/**
 * The longest files first, so the run does not end waiting on one that started late. Vitest hands the
 * next file in this order to whichever worker is free, and reuses a worker only when that file is of
 * the kind it ran last (project and environment, for projects whose files share a worker): a new
 * worker imports the project again. So:
 * - the files of each kind run in a few long stretches, longest first: the order moves to another
 *   kind only when that kind's next file is much longer than this kind's;
 * - the browser journeys (a server process and Chromium each) join where a greedy
 *   schedule over the workers, with each file's duration in the last run (or a guess from its size),
 *   keeps JOURNEYS_AT_ONCE of them running;
 * - a file that waits on the clock (WAITS_TAG) starts first, and while it runs the other workers take
 *   the CPU-bound tests: a browser journey beside it would leave the cores idle whenever both wait.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  private readonly committed = readDurations();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const byLongest = (a: Entry, b: Entry) => b.estimate - a.estimate;
    const entries = sorted.map((file) => this.entry(file)).sort(byLongest);
    const journeys = entries.filter((entry) => entry.journey).sort((a, b) => Number(b.waits) - Number(a.waits));
    const others = inStretches(entries.filter((entry) => !entry.journey));

    const workers = Math.max(1, Number(this.ctx.config.maxWorkers) || 1);
    const order: Entry[] = [];
    const running: Array<{ endsAt: number; journey: boolean; waits: boolean }> = [];
    let now = 0;
    while (journeys.length > 0 || others.length > 0) {
      while (running.length < workers && (journeys.length > 0 || others.length > 0)) {
        const journeysRunning = running.filter((slot) => slot.journey).length;
        const besideWaiting = running.some((slot) => slot.waits);
        const next =
          journeys.length > 0 && ((!besideWaiting && journeysRunning < JOURNEYS_AT_ONCE) || others.length === 0)
            ? journeys.shift()
            : others.shift();
        if (!next) break;
        order.push(next);
        running.push({ endsAt: now + next.estimate, journey: next.journey, waits: next.waits });
      }
      running.sort((a, b) => a.endsAt - b.endsAt);
      now = running.shift()?.endsAt ?? now;
    }
    return order.map((entry) => entry.file);
  }

  private entry(file: TestSpecification): Entry {
    const key = durationKey(file.project.name, this.ctx.config.root, file.moduleId);
    const timed = this.ctx.cache.getFileTestResults(key)?.duration ?? this.committed[key];
    const size = this.ctx.cache.getFileStats(key)?.size ?? 0;
    const estimate = timed ?? size * (MS_PER_BYTE[file.project.name] ?? 0.5);
    const shared = file.project.config.isolate === false;
    const head = fs.readFileSync(file.moduleId, 'utf8').slice(0, 1000);
    return {
      file,
      estimate,
      group: shared ? `${file.project.name}:${environmentOf(file, head)}` : `${file.project.name}:${file.moduleId}`,
      journey: file.project.name === 'e2e',
      waits: head.includes(WAITS_TAG),
    };
  }
}

/** How a file is named in vitest's cache and in the table: `project:path from the repository root`. */
export function durationKey(project: string, root: string, moduleId: string): string {
  return `${project}:${path.relative(root, moduleId)}`;
}

function readDurations(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** The environment a file runs in: its `@vitest-environment` comment (in `head`, its first lines), or its project's. */
function environmentOf(file: TestSpecification, head: string): string {
  return /@vitest-environment\s+([\w-]+)/.exec(head)?.[1] ?? file.project.config.environment;
}

/**
 * `entries` (longest first) in stretches of one kind: the next file is the longest left of the current
 * kind, unless another kind's longest is longer by more than a new worker costs twice.
 */
function inStretches(entries: Entry[]): Entry[] {
  const kinds = new Map<string, Entry[]>();
  for (const entry of entries) kinds.set(entry.group, [...(kinds.get(entry.group) ?? []), entry]);
  const order: Entry[] = [];
  let current: string | undefined;
  while (order.length < entries.length) {
    const heads = [...kinds.values()].flatMap((kind) => kind.slice(0, 1));
    const longest = heads.reduce((best, entry) => (entry.estimate > best.estimate ? entry : best));
    const same = current === undefined ? undefined : kinds.get(current)?.[0];
    const next = same && longest.estimate <= same.estimate + 2 * NEW_WORKER_MS ? same : longest;
    kinds.get(next.group)?.shift();
    current = next.group;
    order.push(next);
  }
  return order;
}
