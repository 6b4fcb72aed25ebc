import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemPingJob } from '../src/modules/system/system.jobs.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;

beforeAll(async () => {
  services = await startTestServices();
});
afterAll(() => services.cleanup());

async function waitForState(id: string, wanted: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await services.deps.queue.findJob(systemPingJob, id);
    if (job?.state === wanted) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} is ${job?.state ?? 'missing'}, not ${wanted}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the job queue', () => {
  it('runs a sent job on a worker of this process and stores its result', async () => {
    const id = await services.deps.queue.send(systemPingJob, { sentAt: new Date().toISOString() });
    const job = await waitForState(id, 'completed');
    expect(job.output).toMatchObject({ workerId: expect.stringContaining(`:${process.pid}:`) });
    expect((job.output as { latencyMs: number }).latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('refuses a payload that does not match the job schema, so nothing malformed is queued', async () => {
    await expect(services.deps.queue.send(systemPingJob, { sentAt: 'yesterday' })).rejects.toThrow(/datetime/i);
  });
});
