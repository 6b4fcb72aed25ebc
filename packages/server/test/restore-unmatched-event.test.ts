import { SEED_IDS } from '@automate/servicem8-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRestore } from '../src/modules/automation/observe/restore-baseline.service.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';

/**
 * A backup taken between an event's storage and its matching holds the event unmatched; after the
 * backup it was matched and its run wrote a note and sent an email. Restored, the event is matched
 * again and gets a new run: that run finds the note and the email in ServiceM8 and does neither again.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

describe('an event a restored backup held unmatched', () => {
  it('gets a run that does nothing twice', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobStatusChanged',
      ignoreQuietHours: true,
      actions: [
        { id: 'note', type: 'Job_AddNote', params: { text: 'Unmatched: job {{ job.number }}' } },
        { id: 'email', type: 'JobClient_SendEmail', params: { subject: 'Unmatched {{ job.number }}', body: 'Hi' } },
      ],
    });
    const job = h.sim.controls.writeRecord('job', undefined, {
      status: 'Quote',
      company_uuid: SEED_IDS.companies.emmaEllis,
      job_description: 'Unmatched',
    }).record;
    await h.quiet();
    h.sim.controls.clearMessages();
    await h.change('job', String(job.uuid), { status: 'Work Order' });
    const [done] = await h.settledRuns(triggerId, 1);
    expect(done?.status).toBe('Succeeded');

    // The database as the restore leaves it: the event unmatched, its run not yet made.
    await h.deps.database.db.execute(sql`delete from trigger_runs where trigger_id = ${triggerId}`);
    await h.deps.database.db.execute(
      sql`update automation_events set matched_at = null where job_uuid = ${String(job.uuid)} and event = 'JobStatusChanged'`,
    );
    await recordRestore(h.deps.database.db, { backupCreatedAt: h.clock.now(), restoredAt: h.clock.now() });
    await h.stop();
    const restarted = await startAutomationHarness({
      resume: { harness: h, database: h.target, dataDir: h.dataDir },
    });
    try {
      // The dispatcher's pass matches events left unmatched for over two minutes.
      await restarted.advance(3 * 60_000);
      const [again] = await restarted.settledRuns(triggerId, 1, 60_000);
      const number = String(job.generated_job_id);
      const notes = h.sim.controls.records('note').filter((note) => note.note === `Unmatched: job ${number}`);
      const emails = h.sim.controls.messages('email').filter((message) => message.subject === `Unmatched ${number}`);
      expect(notes).toHaveLength(1);
      expect(emails).toHaveLength(1);
      expect(again?.status).toBe('Succeeded');
      expect(again?.steps.map((step) => step.outcome)).toContain('The note was already added.');
      const restored = await restarted.deps.database.db.execute(
        sql`select count(*)::int as n from trigger_runs where restored_at is not null`,
      );
      expect((restored as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
    } finally {
      await restarted.cleanup();
    }
  }, 120_000);
});
