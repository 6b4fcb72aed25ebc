import { describe, expect, it } from 'vitest';
import { workPlan } from './queue.ts';

describe('how a process works on a queue', () => {
  it('keeps QUEUE_CONCURRENCY jobs in hand in batches of two or more, so a full batch fetches again at once', () => {
    for (const concurrency of [2, 3, 4, 5, 8, 16, 64]) {
      const plan = workPlan({ concurrency: 'engine' }, { concurrency });
      expect(plan.batchSize, `QUEUE_CONCURRENCY=${concurrency}`).toBeGreaterThanOrEqual(2);
      expect(plan.fetchers * plan.batchSize).toBeGreaterThanOrEqual(concurrency);
      expect(plan.fetchers * plan.batchSize).toBeLessThan(concurrency + plan.fetchers);
    }
    expect(workPlan({ concurrency: 'engine' }, { concurrency: 16 })).toEqual({ fetchers: 8, batchSize: 2 });
    expect(workPlan({}, { concurrency: 16 })).toEqual({ fetchers: 1, batchSize: 1 });
  });
});
