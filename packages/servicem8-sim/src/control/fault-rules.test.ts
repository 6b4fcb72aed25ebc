import { describe, expect, it } from 'vitest';
import { createFaultList, seededRandom } from './fault-rules.ts';

describe('fault probability', () => {
  it('affects only the calls its draw selects, and spared calls do not use up `times`', () => {
    const draws = [0.9, 0.1, 0.7, 0.2, 0.05];
    const faults = createFaultList(() => draws.shift() ?? 1);
    faults.add({ kind: 'status', status: 429, probability: 0.3, times: 2 });
    const answers = Array.from({ length: 6 }, () => faults.take('GET', '/api_1.0/job.json').rule?.status ?? 200);
    expect(answers).toEqual([200, 429, 200, 429, 200, 200]);
  });

  it('affects every matching call without a probability', () => {
    const faults = createFaultList(() => 0.99);
    faults.add({ kind: 'status', status: 503 });
    expect(faults.take('POST', '/api_1.0/job.json').rule?.status).toBe(503);
  });

  it('strikes the same calls on every run with the same seed, about as often as asked', () => {
    const run = (seed: number) => {
      const faults = createFaultList(seededRandom(seed));
      faults.add({ kind: 'status', status: 500, probability: 0.3 });
      return Array.from({ length: 1000 }, () => faults.take('GET', '/api_1.0/job.json').rule?.status === 500);
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
    const share = run(7).filter(Boolean).length / 1000;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.35);
  });
});
