import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../src/queue/job-definition.ts';
import { createQueue } from '../src/queue/queue.ts';
import { captureLogs } from './support/log-capture.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';
import { waitFor } from './support/wait-for.ts';

const logs = captureLogs();
let services: TestServices;

beforeAll(async () => {
  services = await startTestServices({ log: { stream: logs.stream, level: 'info' } });
});
afterAll(() => services.cleanup());

type LogLine = { msg: string; err?: { message: string; stack: string; params?: unknown; cause?: { code?: string } } };
const logLines = () => logs.lines().map((line) => JSON.parse(line) as LogLine);

describe('an error logged after a failed query', () => {
  it('keeps the SQL and PostgreSQL’s message and code, but none of the values bound to the query', async () => {
    const db = services.deps.database.db;
    await db.execute(
      sql.raw(`create function refuse_new_users() returns trigger language plpgsql as $$
        begin raise exception 'registrations are paused for maintenance'; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger refuse_new_users before insert on users for each row execute function refuse_new_users()',
      ),
    );
    try {
      const response = await services.app.inject({
        method: 'POST',
        url: '/api/Auth/register',
        payload: {
          email: 'zebediah.quill@example.com',
          password: 'correct-horse-battery-42',
          firstName: 'Zebediah',
          lastName: 'Quillfeather',
          vendorName: 'Quill Plumbing',
        },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_new_users on users'));
      await db.execute(sql.raw('drop function refuse_new_users()'));
    }

    const failure = logLines().find((line) => line.msg === 'request failed');
    expect(failure?.err?.message).toMatch(/insert into "users"/);
    expect(failure?.err?.message).toContain('registrations are paused for maintenance');
    expect(failure?.err?.cause?.code).toBe('P0001');
    expect(failure?.err?.params).toBeUndefined();
    const text = logs.text();
    expect(text).not.toContain('$argon2id$');
    expect(text).not.toContain('params:');
    expect(text).not.toContain('zebediah.quill@example.com');
    expect(text).not.toContain('Quillfeather');
  });

  it('leaves the values out of a failed job’s log line and of the failure pg-boss stores', async () => {
    const secret = 'reset-token-Xq81vLkP9';
    const leakyJob = defineJob({
      name: 'test.leaky-query',
      payload: z.object({ secret: z.string() }),
      queue: { retryLimit: 0 },
      async handle(payload, { deps }) {
        await deps.database.db.execute(
          sql`select no_such_column from webhook_inbox where dedupe_key = ${payload.secret}`,
        );
      },
    });
    const queue = await createQueue({
      database: services.deps.database,
      jobs: [leakyJob],
      logger: services.deps.logger,
      settings: { pollSeconds: 0.5, superviseSeconds: 30, concurrency: 1, vendorConcurrency: 1 },
    });
    try {
      await queue.startWorkers(services.deps, 'log-redaction-test');
      const id = await queue.send(leakyJob, { secret });
      const failed = await waitFor(
        () => queue.findJob(leakyJob, id),
        (job) => job?.state === 'failed',
        'the leaky job to fail',
      );
      expect(JSON.stringify(failed?.output)).toContain('no_such_column');
      expect(JSON.stringify(failed?.output)).not.toContain(secret);
    } finally {
      await queue.stop();
    }
    const failure = logLines().find((line) => line.msg === 'job failed');
    expect(failure?.err?.message).toContain('column "no_such_column" does not exist');
    expect(logs.text()).not.toContain(secret);
  });
});
