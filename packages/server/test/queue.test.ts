import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemPingJob } from '../src/modules/system/system.jobs.ts';
import { defineJob, type JobDefinition } from '../src/queue/job-definition.ts';
import { createQueue, type Queue } from '../src/queue/queue.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';
import { waitFor } from './support/wait-for.ts';

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

/**
 * A queue of its own on the test database whose workers poll only once a minute: a job that runs
 * within seconds was fetched because something woke its worker, not because a poll came round.
 */
async function slowPollingQueue(
  jobs: JobDefinition[],
  run: (queue: Queue) => Promise<void>,
  workers: { concurrency: number; vendorConcurrency: number } = { concurrency: 2, vendorConcurrency: 1 },
) {
  const queue = await createQueue({
    database: services.deps.database,
    jobs,
    logger: services.deps.logger,
    settings: { pollSeconds: 60, superviseSeconds: 30, ...workers },
    cron: false,
  });
  try {
    await queue.startWorkers(services.deps, 'queue-wake-test');
    await run(queue);
  } finally {
    await queue.stop();
  }
}

describe('waking the workers', () => {
  it("runs a vendor's next job as soon as its job before finishes, one at a time, not at the next poll", async () => {
    const spans: Array<{ n: number; start: number; end: number }> = [];
    const vendorJob = defineJob({
      name: 'test.vendor-turns',
      payload: z.object({ vendorId: z.string(), n: z.number() }),
      concurrency: 'engine',
      vendorOf: (payload) => payload.vendorId,
      async handle({ n }) {
        const start = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 150));
        spans.push({ n, start, end: Date.now() });
      },
    });
    await slowPollingQueue([vendorJob], async (queue) => {
      for (const n of [1, 2, 3]) await queue.send(vendorJob, { vendorId: 'vendor-a', n });
      await waitFor(
        () => spans.length,
        (done) => done === 3,
        "the vendor's three jobs",
        15_000,
      );
    });
    const inOrder = spans.toSorted((a, b) => a.start - b.start);
    // The vendor's share is one job at a time: each started after the one before it had ended.
    for (const [index, span] of inOrder.entries()) {
      if (index > 0) expect(span.start).toBeGreaterThanOrEqual(inOrder[index - 1]?.end ?? 0);
    }
  });

  it("runs another vendor's job before the rest of a vendor's burst", async () => {
    const started: string[] = [];
    const vendorJob = defineJob({
      name: 'test.vendor-burst',
      payload: z.object({ vendorId: z.string(), n: z.number() }),
      concurrency: 'engine',
      vendorOf: (payload) => payload.vendorId,
      async handle({ vendorId, n }) {
        started.push(`${vendorId}:${n}`);
        await new Promise((resolve) => setTimeout(resolve, 40 + (n % 3) * 30));
      },
    });
    const BURST = 30;
    let startedBeforeBay = 0;
    // Two fetchers of two jobs, three of a vendor's at once: both fetchers end up holding the burst's
    // jobs, and each fetch that follows finds the burst's older jobs first.
    await slowPollingQueue(
      [vendorJob],
      async (queue) => {
        for (let n = 1; n <= BURST; n += 1) await queue.send(vendorJob, { vendorId: 'harbour', n });
        await waitFor(
          () => started.length,
          (count) => count >= 3,
          "the burst's first jobs to start",
          15_000,
        );
        startedBeforeBay = started.length;
        await queue.send(vendorJob, { vendorId: 'bay', n: 1 });
        await waitFor(
          () => started.length,
          (count) => count === BURST + 1,
          'every job to run',
          30_000,
        );
      },
      { concurrency: 4, vendorConcurrency: 3 },
    );
    // Bay's one job waited for a turn, not for Harbour's 30: at most the jobs the two fetchers had
    // already taken in hand (two batches of two) and one more fetch started before it.
    expect(started.indexOf('bay:1') - startedBeforeBay).toBeLessThanOrEqual(6);
    // Every one of Harbour's ran (the order within a burst: vendor-turns.test.ts).
    const harbour = started.filter((job) => job.startsWith('harbour:')).map((job) => Number(job.split(':')[1]));
    expect(harbour.toSorted((a, b) => a - b)).toEqual(Array.from({ length: BURST }, (_, i) => i + 1));
  });

  it("frees a vendor's slot when its job is done, though the other job of its batch still waits", async () => {
    const events: string[] = [];
    let releaseSlow: () => void = () => {};
    const slowReleased = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const vendorJob = defineJob({
      name: 'test.vendor-held',
      payload: z.object({ vendorId: z.string(), n: z.number() }),
      concurrency: 'engine',
      vendorOf: (payload) => payload.vendorId,
      async handle({ n }) {
        events.push(`start ${n}`);
        // Job 1 waits as on a call ServiceM8 holds; the others are quick.
        if (n === 1) await slowReleased;
        events.push(`end ${n}`);
      },
    });
    // Two fetchers of two jobs; the vendor may have two jobs running.
    await slowPollingQueue(
      [vendorJob],
      async (queue) => {
        // One statement, so one fetcher takes both in one batch.
        await queue.sendMany(vendorJob, [
          { payload: { vendorId: 'harbour', n: 1 } },
          { payload: { vendorId: 'harbour', n: 2 } },
        ]);
        await waitFor(() => events.includes('end 2'), Boolean, 'the quick job of the batch', 15_000);
        await queue.send(vendorJob, { vendorId: 'harbour', n: 3 });
        try {
          await waitFor(() => events.includes('end 3'), Boolean, "the vendor's next job, beside the held one", 15_000);
        } finally {
          releaseSlow();
        }
        await waitFor(() => events.includes('end 1'), Boolean, 'the held job', 15_000);
      },
      { concurrency: 4, vendorConcurrency: 2 },
    );
    expect(events.indexOf('end 3')).toBeLessThan(events.indexOf('end 1'));
  });

  it('runs the jobs sent together to a one-at-a-time queue one after the other, not one per poll', async () => {
    // Sent while the first runs, the others each announce themselves; the worker holds one job at a time.
    const ran: number[] = [];
    const oneAtATime = defineJob({
      name: 'test.one-at-a-time',
      payload: z.object({ n: z.number() }),
      async handle({ n }) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        ran.push(n);
      },
    });
    await slowPollingQueue([oneAtATime], async (queue) => {
      for (const n of [1, 2, 3, 4]) await queue.send(oneAtATime, { n });
      await waitFor(
        () => ran.length,
        (done) => done === 4,
        'the four jobs',
        15_000,
      );
    });
    expect(ran.toSorted()).toEqual([1, 2, 3, 4]);
  });

  it('runs a job made due by hand at once when woken', async () => {
    const ran: string[] = [];
    const laterJob = defineJob({
      name: 'test.later',
      payload: z.object({ note: z.string() }),
      async handle({ note }) {
        ran.push(note);
      },
    });
    await slowPollingQueue([laterJob], async (queue) => {
      await queue.send(laterJob, { note: 'an hour from now' }, { startAfter: 3600 });
      await services.deps.database.db.execute(
        sql`update pgboss.job set start_after = now() where name = ${laterJob.name} and state = 'created'`,
      );
      queue.wake();
      await waitFor(
        () => ran,
        (notes) => notes.length === 1,
        'the job made due to run',
        15_000,
      );
    });
    expect(ran).toEqual(['an hour from now']);
  });

  it('draws in every fetcher of a queue when the one woken finds a backlog nothing announced', async () => {
    // Four fetchers of two jobs. Eight jobs fall due at once without a notification (as retries do), and
    // one fetcher of the queue is woken: each fetcher whose batch comes back full wakes an idle one, so
    // all eight run side by side, not two at a time behind the one woken.
    const BACKLOG = 8;
    let running = 0;
    let mostAtOnce = 0;
    let started = 0;
    let allStarted: () => void = () => {};
    const everyoneIn = new Promise<void>((resolve) => {
      allStarted = resolve;
    });
    const retryJob = defineJob({
      name: 'test.backlog',
      payload: z.object({ n: z.number() }),
      concurrency: 'engine',
      async handle() {
        running += 1;
        started += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        if (started === BACKLOG) allStarted();
        // Each holds its place until all have started, or long enough to show they never will.
        await Promise.race([everyoneIn, new Promise((resolve) => setTimeout(resolve, 3_000))]);
        running -= 1;
      },
    });
    await slowPollingQueue(
      [retryJob],
      async (queue) => {
        await queue.sendMany(
          retryJob,
          Array.from({ length: BACKLOG }, (_, n) => ({ payload: { n }, startAfter: 3600 })),
        );
        await services.deps.database.db.execute(
          sql`update pgboss.job set start_after = now() where name = ${retryJob.name} and state = 'created'`,
        );
        queue.wake(retryJob);
        await waitFor(
          () => started,
          (count) => count === BACKLOG,
          'every job of the backlog to start',
          20_000,
        );
      },
      { concurrency: 8, vendorConcurrency: 8 },
    );
    expect(mostAtOnce).toBe(BACKLOG);
  });
});

describe('jobs a stopped process left running', () => {
  it('are handed on at once by a process that knows it is alone, not when their heartbeat is missed nor after their retry delay', async () => {
    const runs: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const job = defineJob({
      name: 'test.abandoned',
      payload: z.object({ note: z.string() }),
      // A failed attempt would wait five minutes: one cut short by its process's death does not.
      queue: { retryLimit: 1, retryDelay: 300 },
      async handle(_payload, { retryCount }) {
        runs.push(`attempt ${retryCount + 1}`);
        // The first attempt never ends by itself: its process is, for this test, one that died holding it.
        if (retryCount === 0) await held;
      },
    });
    // The first process takes the job and holds it; its heartbeat goes on, so nothing would hand it on.
    await slowPollingQueue([job], async (first) => {
      await first.send(job, { note: 'left running' });
      await waitFor(
        () => runs,
        (attempts) => attempts.length === 1,
        'the first process to take the job',
      );
      const second = await createQueue({
        database: services.deps.database,
        jobs: [job],
        logger: services.deps.logger,
        settings: { pollSeconds: 60, superviseSeconds: 30, concurrency: 2, vendorConcurrency: 1 },
        cron: false,
      });
      try {
        expect(await second.reclaimAbandoned()).toBe(1);
        await second.startWorkers(services.deps, 'queue-reclaim-test');
        await waitFor(
          () => runs,
          (attempts) => attempts.length === 2,
          'the job to run again',
          5_000,
        );
        expect(await second.reclaimAbandoned()).toBe(0);
      } finally {
        release();
        await second.stop();
      }
    });
    expect(runs).toEqual(['attempt 1', 'attempt 2']);
  });
});
