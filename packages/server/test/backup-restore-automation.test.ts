import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AuditEntry, Notice, searchPage, successEnvelope, toSearchParams } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseTarget } from '../src/db/database.ts';
import { catchUpAfterStart } from '../src/modules/webhooks/delivery-replay.ts';
import { backup, restore } from '../src/operations/backup.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer } from './support/factories.ts';
import { createScratchDatabase, dropScratchDatabase } from './support/test-database.ts';
import { waitFor } from './support/wait-for.ts';

/**
 * A backup is restored after ServiceM8 changes were automated: the server started on the restored
 * database does none of those actions again (no second note, no second email to the client), and tells
 * the Admins which changes it did not automate, in the bell and in Activity. A run still Scheduled in
 * the backup, and done since, looks for its work in ServiceM8 before acting, and finds it.
 */

/** `npm run chaos:restore` runs it with more (CHAOS_RESTORE_CHANGES). */
const CHANGES = Number(process.env.CHAOS_RESTORE_CHANGES ?? 20);
/** How many changes the notice names; Activity lists them all. */
const NAMED_IN_NOTICE = 20;
/**
 * How long the follow-up waits. Less than the access token's hour: a refresh after the backup would
 * leave the restored database a refresh token ServiceM8 has rotated away (its Admins then connect again).
 */
const FOLLOW_UP_MS = 10 * 60 * 1000;
const onPostgres = inject('databaseTemplate').kind === 'postgres';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-restore-'));
const servers: AutomationHarness[] = [];
const createdDatabases: string[] = [];

afterAll(async () => {
  for (const server of servers.slice(1).reverse()) await server.cleanup().catch(() => {});
  await servers[0]?.cleanup();
  for (const url of createdDatabases) await dropScratchDatabase(url);
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** An empty database and data directory to restore into, as an operator would prepare them. */
async function emptyTarget(): Promise<{ database: DatabaseTarget; dataDir: string; databaseUrl: string | undefined }> {
  const dataDir = path.join(scratch, 'restored-data');
  if (!onPostgres) return { database: { kind: 'pglite', dataDir }, dataDir, databaseUrl: undefined };
  const url = await createScratchDatabase('automate_restore');
  createdDatabases.push(url);
  return { database: { kind: 'postgres', url }, dataDir, databaseUrl: url };
}

const count = (values: unknown[]) => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  return counts;
};

describe('restoring a backup', () => {
  it(
    'does not act again on changes automated after the backup, and lists them for the Admins',
    async () => {
      const first = await startAutomationHarness({ embeddedOnDisk: true });
      servers.push(first);
      const noteAndEmail = await first.createTrigger({
        event: 'JobStatusChanged',
        ignoreQuietHours: true,
        actions: [
          { id: 'note', type: 'Job_AddNote', params: { text: 'Booked: job {{ job.number }}' } },
          {
            id: 'email',
            type: 'JobClient_SendEmail',
            params: { subject: 'Job {{ job.number }} is booked', body: 'See you soon.' },
          },
        ],
      });
      const followUp = await first.createTrigger({
        event: 'JobStatusChanged',
        ignoreQuietHours: true,
        delay: { amount: 10, unit: 'Minute' },
        actions: [
          { id: 'note', type: 'Job_AddNote', params: { text: 'Follow-up: job {{ job.number }}' } },
          {
            id: 'email',
            type: 'JobClient_SendEmail',
            params: { subject: 'How did job {{ job.number }} go?', body: 'Tell us.' },
          },
        ],
      });
      const jobs = Array.from(
        { length: CHANGES + 1 },
        (_, i) =>
          first.sim.controls.writeRecord('job', undefined, {
            status: 'Quote',
            company_uuid: SEED_IDS.companies.emmaEllis,
            job_description: `Restore ${i + 1}`,
          }).record.uuid as string,
      );
      await first.quiet();
      // Before the backup: one change, automated at once, and its follow-up Scheduled for ten minutes later.
      await first.change('job', jobs[0], { status: 'Work Order' });
      await first.settledRuns(noteAndEmail, 1);
      expect((await first.runsOf(followUp)).map((run) => run.status)).toEqual(['Scheduled']);

      await first.stop();
      const originalUrl = first.target.kind === 'postgres' ? first.target.url : undefined;
      const folder = await backup({ dataDir: first.dataDir, databaseUrl: originalUrl }, scratch);

      // After the backup: twenty more changes, each automated, and ten minutes later every follow-up too.
      const live = await startAutomationHarness({
        resume: { harness: first, database: first.target, dataDir: first.dataDir },
      });
      servers.push(live);
      for (const job of jobs.slice(1)) live.sim.controls.writeRecord('job', job, { status: 'Work Order' });
      await live.settledRunCounts(noteAndEmail, CHANGES + 1, 120_000 + CHANGES * 500);
      await live.advance(FOLLOW_UP_MS + 60_000);
      await live.settledRunCounts(followUp, CHANGES + 1, 120_000 + CHANGES * 500);
      await live.stop();

      const numbers = new Map(
        first.sim.controls.records('job').map((job) => [String(job.uuid), String(job.generated_job_id)]),
      );
      const done = () => ({
        notes: count(first.sim.controls.records('note').map((note) => note.note)),
        emails: count(first.sim.controls.messages('email').map((message) => message.subject)),
      });
      const expected = jobs.flatMap((job) => {
        const number = numbers.get(job);
        return [
          `Booked: job ${number}`,
          `Follow-up: job ${number}`,
          `Job ${number} is booked`,
          `How did job ${number} go?`,
        ];
      });
      const before = done();
      for (const text of expected.filter((_, i) => i % 4 < 2)) expect(before.notes.get(text), text).toBe(1);
      for (const text of expected.filter((_, i) => i % 4 >= 2)) expect(before.emails.get(text), text).toBe(1);

      // Restored into an empty database, and started as `npm start` starts: the catch-up reads every change.
      const target = await emptyTarget();
      await restore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl }, folder);
      const restored = await startAutomationHarness({
        resume: { harness: first, database: target.database, dataDir: target.dataDir },
      });
      servers.push(restored);
      const started = Date.now();
      await catchUpAfterStart(restored.deps);
      await waitFor(
        async () => {
          const result = await restored.deps.database.db.execute(
            sql`select count(*)::int as n from pgboss.job where name = 'servicem8.check-webhooks' and state not in ('completed', 'failed', 'cancelled')`,
          );
          return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
        },
        (left) => left === 0,
        'the catch-up to finish',
        60_000,
      );
      // The follow-up that was Scheduled in the backup is due: it looks for its note and email, and finds both.
      await restored.advance(0);
      await restored.quiet();
      await waitFor(
        async () => {
          const result = await restored.deps.database.db.execute(
            sql`select count(*)::int as n from trigger_runs where status = 'Running' or (status = 'Scheduled' and due_at <= ${restored.clock.now().toISOString()}::timestamptz)`,
          );
          return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
        },
        (left) => left === 0,
        'every due run to finish',
        60_000,
      );

      const after = done();
      for (const text of expected.filter((_, i) => i % 4 < 2)) expect(after.notes.get(text), text).toBe(1);
      for (const text of expected.filter((_, i) => i % 4 >= 2)) expect(after.emails.get(text), text).toBe(1);
      expect(await restored.runsOf(noteAndEmail)).toHaveLength(1);
      const [restoredFollowUp] = await restored.runsOf(followUp);
      expect(restoredFollowUp?.status).toBe('Succeeded');
      expect(restoredFollowUp?.steps.map((step) => step.outcome)).toContain('The note was already added.');

      const response = await restored.app.inject({
        method: 'GET',
        url: `/api/vendor/${restored.vendorId}/notices`,
        headers: bearer(restored.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      const notices = successEnvelope(z.array(Notice)).parse(response.json()).data;
      const changed = jobs
        .slice(1)
        .map((job) => `job ${numbers.get(job)} (a job’s status changes, a quote is accepted)`);
      expect(notices).toHaveLength(1);
      expect(notices[0]?.kind).toBe('restore');
      expect(notices[0]?.body).toContain('Changes made while Automate was being restored were not automated');
      const named = changed.filter((words) => notices[0]?.body.includes(words));
      expect(named).toHaveLength(Math.min(CHANGES, NAMED_IN_NOTICE));
      if (CHANGES > NAMED_IN_NOTICE) expect(notices[0]?.body).toContain(`and ${CHANGES - NAMED_IN_NOTICE} more`);
      expect(notices[0]?.body).not.toContain(`job ${numbers.get(jobs[0] ?? '')} `);

      const activity = await restored.app.inject({
        method: 'GET',
        url: `/api/vendor/${restored.vendorId}/Activity/search`,
        query: toSearchParams({ Filters: [{ field: 'action', action: 'Eq', value: 'automation.restore' }] }),
        headers: bearer(restored.token),
      });
      expect(activity.statusCode, activity.body).toBe(200);
      const entries = successEnvelope(searchPage(AuditEntry)).parse(activity.json()).data.rows;
      expect(entries).toHaveLength(1);
      expect(entries[0]?.actorName).toBe('Automate');
      for (const words of changed) expect(entries[0]?.summary).toContain(words);
      console.info(
        `restore: ${CHANGES} changes automated after the backup, none done again after the restore; all ${CHANGES} listed to the Admins, all settled ${((Date.now() - started) / 1000).toFixed(1)} s after the start`,
      );

      // Once: a later reconciliation acts on what changes from now on, and lists nothing again.
      await restored.change('job', jobs[1], { status: 'Completed' });
      await restored.settledRuns(noteAndEmail, 2);
    },
    400_000 + CHANGES * 3_000,
  );
});
