import { describe, expect, it } from 'vitest';
import { createFaultList } from './fault-rules.ts';

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
});
