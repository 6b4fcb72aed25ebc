import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (failed and slow files first, one project after another), with the browser journeys
 * spread evenly through it instead of all at once: each journey drives a server process and Chromium,
 * and two cores run one of them beside the other tests far better than several side by side.
 */
export default class JourneysSpreadSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const journeys = sorted.filter((file) => file.project.name === 'e2e');
    const others = sorted.filter((file) => file.project.name !== 'e2e');
    if (journeys.length === 0) return sorted;
    // Over the first two thirds only: a journey is long, and one that starts last ends the run late.
    const gap = Math.ceil((others.length * 2) / 3 / journeys.length);
    const spread = journeys.flatMap((journey, index) => [journey, ...others.slice(index * gap, (index + 1) * gap)]);
    return [...spread, ...others.slice(journeys.length * gap)];
  }
}
