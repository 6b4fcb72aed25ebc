import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** As many browser journeys at once as run well beside the other tests on two cores. */
const JOURNEYS_AT_ONCE = 2;

/** Milliseconds per byte of test file, to guess a file's duration before any run has timed it. */
const MS_PER_BYTE: Record<string, number> = { e2e: 3, server: 0.5, web: 0.5, 'servicem8-sim': 0.1, contract: 0.01 };

type Entry = { file: TestSpecification; estimate: number; group: string };

/**
 * The longest files first, so the run does not end waiting on one that started late: the order is what
 * a greedy schedule over the workers gives with each file's duration in the last run (or a guess from
 * its size), under two rules.
 * - Files that share their worker (`isolate: false`) run in one block per project and environment: a
 *   worker is reused only for a file of the same kind, and each new one imports the project again.
 * - At most JOURNEYS_AT_ONCE browser journeys (a server process and Chromium each) run side by side.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const entries = sorted.map((file) => this.entry(file));
    const byLongest = (a: Entry, b: Entry) => b.estimate - a.estimate;
    const journeys = entries.filter((entry) => entry.file.project.name === 'e2e').sort(byLongest);

    // The blocks, longest file first in each, and the block with the longest file first.
    const blocks = new Map<string, Entry[]>();
    for (const entry of entries) {
      if (entry.file.project.name === 'e2e') continue;
      blocks.set(entry.group, [...(blocks.get(entry.group) ?? []), entry]);
    }
    const others = [...blocks.values()]
      .map((block) => block.sort(byLongest))
      .sort((a, b) => (b[0]?.estimate ?? 0) - (a[0]?.estimate ?? 0))
      .flat();

    const workers = Math.max(1, Number(this.ctx.config.maxWorkers) || 1);
    const order: Entry[] = [];
    const running: Array<{ endsAt: number; journey: boolean }> = [];
    let now = 0;
    while (journeys.length > 0 || others.length > 0) {
      while (running.length < workers && (journeys.length > 0 || others.length > 0)) {
        const journeysRunning = running.filter((slot) => slot.journey).length;
        const next =
          journeys.length > 0 && (journeysRunning < JOURNEYS_AT_ONCE || others.length === 0)
            ? journeys.shift()
            : others.shift();
        if (!next) break;
        order.push(next);
        running.push({ endsAt: now + next.estimate, journey: next.file.project.name === 'e2e' });
      }
      running.sort((a, b) => a.endsAt - b.endsAt);
      now = running.shift()?.endsAt ?? now;
    }
    return order.map((entry) => entry.file);
  }

  private entry(file: TestSpecification): Entry {
    const key = `${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`;
    const timed = this.ctx.cache.getFileTestResults(key)?.duration;
    const size = this.ctx.cache.getFileStats(key)?.size ?? 0;
    const estimate = timed ?? size * (MS_PER_BYTE[file.project.name] ?? 0.5);
    const shared = file.project.config.isolate === false;
    return {
      file,
      estimate,
      group: shared ? `${file.project.name}:${environmentOf(file)}` : `${file.project.name}:${file.moduleId}`,
    };
  }
}

/** The environment a file runs in: its `@vitest-environment` comment, or its project's. */
function environmentOf(file: TestSpecification): string {
  const head = fs.readFileSync(file.moduleId, 'utf8').slice(0, 500);
  return /@vitest-environment\s+([\w-]+)/.exec(head)?.[1] ?? file.project.config.environment;
}
