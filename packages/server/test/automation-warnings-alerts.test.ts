import { Notice, successEnvelope, type TriggerRunDetail } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminNotices } from '../src/modules/automation/automation.schema.ts';
import { markNoticesRead } from '../src/modules/automation/notices/notices.repository.ts';
import { removeExpiredNotices } from '../src/modules/automation/notices/notices.service.ts';
import { sendDailyDigests } from '../src/modules/automation/notices/run-digest.service.ts';
import { updateConnection } from '../src/modules/servicem8/servicem8.repository.ts';
import { findVendor } from '../src/modules/vendors/vendors.service.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer, createVendorTeam } from './support/factories.ts';
import { insertTestNotice } from './support/run-factory.ts';

/**
 * Pre-flight warnings on scheduled runs, the hourly-at-most alert to Admins when runs fail for a cause
 * they can fix, the daily digest, and the bell that lists both until read.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const { jobs, badges } = SEED_IDS;
const Notices = successEnvelope(z.array(Notice));

const outbox = async (templateKey: string) => {
  const result = await h.deps.database.db.execute(
    sql`select "to", subject, text from mail_outbox where template_key = ${templateKey} order by created_at`,
  );
  return (result as unknown as { rows: Array<{ to: string; subject: string; text: string }> }).rows;
};
const notices = async (token = h.token) =>
  h.app.inject({ method: 'GET', url: `/api/vendor/${h.vendorId}/notices`, headers: bearer(token) });

describe('pre-flight warnings', () => {
  it('a scheduled run whose client has no email address says so, until the client has one', async () => {
    const company = await h.change('company', undefined, { name: 'Quiet Client Ltd' });
    const triggerId = await h.createTrigger({
      event: 'JobIsCreated',
      delay: { amount: 1, unit: 'Day' },
      actions: [
        { id: 'note', type: 'Job_AddNote', params: { text: 'Reminder queued.' } },
        { id: 'mail', type: 'JobClient_SendEmail', params: { subject: 'Your visit tomorrow', body: 'See you soon.' } },
      ],
    });
    await h.change('job', undefined, { company_uuid: company, status: 'Quote', job_address: '3 Quiet Lane' });
    const [run] = await h.settledRuns(triggerId, 1);
    expect(run?.status).toBe('Scheduled');
    const warning = `Job ${run?.jobNumber}: the client has no contact with an email address — “Email the client” will not be sent.`;
    expect(run?.warnings).toEqual([warning]);

    // The schedule (the Scheduled runs) shows it too.
    const scheduled = await h.app.inject({
      method: 'GET',
      url: `/api/vendor/${h.vendorId}/Trigger/runs?Filters[0][field]=status&Filters[0][action]=Eq&Filters[0][value]=Scheduled`,
      headers: bearer(h.token),
    });
    const rows = scheduled.json().data.rows as TriggerRunDetail[];
    expect(rows.find((row) => row.id === run?.id)?.warnings).toEqual([warning]);

    // The client gets an email address; the check within the hour before the run is due clears the warning.
    await h.change('companycontact', undefined, {
      company_uuid: company,
      first: 'Quinn',
      email: 'quinn@example.net',
      is_primary_contact: '1',
    });
    await h.advance(22 * HOUR);
    expect((await h.runsOf(triggerId))[0]?.warnings).toEqual([warning]);
    await h.advance(HOUR + MINUTE);
    expect((await h.runsOf(triggerId))[0]?.warnings).toEqual([]);
    await h.deleteTrigger(triggerId);
  });
});

const vendorZone = async () => (await findVendor(h.deps.database.db, h.vendorId))?.timeZone ?? 'UTC';

/** Moves the clock just past the vendor's next midnight when that is less than 15 minutes away. */
async function clearOfLocalMidnight(): Promise<void> {
  const local = DateTime.fromJSDate(h.clock.now(), { zone: await vendorZone() });
  const toMidnight = local.plus({ days: 1 }).startOf('day').toMillis() - local.toMillis();
  if (toMidnight < 15 * MINUTE) await h.advance(toMidnight + MINUTE);
}

describe('alerts, the daily digest and the bell', () => {
  it('three failures within an hour send one alert; the digest lists the day’s failures by cause', async () => {
    // The runs start and fail on one day of the vendor's, whatever the time this test runs at.
    await clearOfLocalMidnight();
    const triggerId = await h.createTrigger({
      event: 'JobBadgesChanged',
      delay: { amount: 1, unit: 'Minute' },
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Checked job {{ job.number }}' } }],
    });
    for (const job of [jobs.quoteKitchenTap, jobs.quoteHotWater, jobs.workOrderBurstPipe]) {
      await h.change('job', job, { badges: JSON.stringify([badges.vip]) });
    }
    await h.settledRuns(triggerId, 3);
    await updateConnection(h.deps.database.db, h.vendorId, { needsReconnectSince: h.clock.now() });
    await h.advance(MINUTE);
    const failed = await h.settledRuns(triggerId, 3);
    expect(failed.map((run) => run.status)).toEqual(['Failed', 'Failed', 'Failed']);
    await updateConnection(h.deps.database.db, h.vendorId, { needsReconnectSince: null });

    const alerts = await outbox('automation-needs-admin');
    expect(alerts.map((mail) => mail.to)).toEqual([h.adminEmail]);
    expect(alerts[0]?.text).toContain('ServiceM8 no longer accepts this connection');

    // The bell lists the alert for the Admin until it is read; a User has no bell.
    const bell = Notices.parse((await notices()).json()).data;
    expect(bell).toMatchObject([
      { kind: 'failure', title: 'Automations are failing', link: `/app/automation/logs?vendor=${h.vendorId}` },
    ]);
    expect((await notices(h.userToken)).statusCode).toBe(403);

    // The Admin asks for the digest; at 7:00 the next morning (vendor time) it lists the day by cause.
    const optIn = await h.app.inject({
      method: 'POST',
      url: '/api/User/settings',
      headers: bearer(h.token),
      payload: { dailyDigest: true },
    });
    expect(optIn.json().data.dailyDigest).toBe(true);
    const local = DateTime.fromJSDate(h.clock.now(), { zone: await vendorZone() });
    const nextMorning = local.plus({ days: 1 }).set({ hour: 7, minute: 5 });
    h.clock.advance(nextMorning.toMillis() - local.toMillis());
    expect(await sendDailyDigests(h.deps)).toBe(1);
    expect(await sendDailyDigests(h.deps)).toBe(0);
    const [digest] = await outbox('automation-daily-digest');
    expect(digest?.to).toBe(h.adminEmail);
    expect(digest?.subject).toBe(`Harbour Plumbing: your automations on ${local.toFormat('ccc d LLL yyyy')}`);
    expect(digest?.text).toContain('- Failed: 3');
    expect(digest?.text).toContain('**Failures by cause**');
    expect(digest?.text).toContain(
      '- ServiceM8 is not connected, or refused the connection: 3 (latest: ServiceM8 no longer accepts this connection',
    );

    const [newest, alert] = Notices.parse((await notices()).json()).data;
    expect(newest).toMatchObject({ kind: 'digest', body: expect.stringContaining('3 Failed') });
    const read = await h.app.inject({
      method: 'POST',
      url: `/api/vendor/${h.vendorId}/notices/${alert?.id}/read`,
      headers: bearer(h.token),
    });
    expect(read.json().data).toEqual({ read: 1 });
    expect(Notices.parse((await notices()).json()).data.map((notice) => notice.kind)).toEqual(['digest']);
    await h.deleteTrigger(triggerId);
  });

  it('runs started before midnight that fail after it are in the next day’s digest', async () => {
    const zone = await vendorZone();
    const now = DateTime.fromJSDate(h.clock.now(), { zone });
    await h.advance(now.plus({ days: 1 }).set({ hour: 23, minute: 59, second: 10 }).toMillis() - now.toMillis());
    await h.renewSession();
    const triggerId = await h.createTrigger({
      event: 'JobBadgesChanged',
      delay: { amount: 1, unit: 'Minute' },
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Late check of job {{ job.number }}' } }],
    });
    for (const job of [jobs.quoteKitchenTap, jobs.quoteHotWater]) {
      await h.change('job', job, { badges: JSON.stringify([badges.warranty]) });
    }
    await h.settledRuns(triggerId, 2);
    await updateConnection(h.deps.database.db, h.vendorId, { needsReconnectSince: h.clock.now() });
    await h.advance(MINUTE);
    expect((await h.settledRuns(triggerId, 2)).map((run) => run.status)).toEqual(['Failed', 'Failed']);
    await updateConnection(h.deps.database.db, h.vendorId, { needsReconnectSince: null });

    // They started yesterday and failed today: the next morning's digest is today's, with their failures.
    const failedOn = DateTime.fromJSDate(h.clock.now(), { zone });
    expect(failedOn.hour).toBe(0);
    const nextMorning = failedOn.plus({ days: 1 }).set({ hour: 7, minute: 5 });
    h.clock.advance(nextMorning.toMillis() - failedOn.toMillis());
    expect(await sendDailyDigests(h.deps)).toBe(1);
    const digest = (await outbox('automation-daily-digest')).at(-1);
    expect(digest?.subject).toBe(`Harbour Plumbing: your automations on ${failedOn.toFormat('ccc d LLL yyyy')}`);
    expect(digest?.text).toContain('- ServiceM8 is not connected, or refused the connection: 2');
    const [newest] = Notices.parse((await notices()).json()).data;
    expect(newest).toMatchObject({ kind: 'digest', body: '2 earlier runs failed.' });
    await h.deleteTrigger(triggerId);
  });

  it('forgets a notice a month after it was read, and any notice after a year', async () => {
    const team = await createVendorTeam(h.deps, 'Tidy Drains');
    const db = h.deps.database.db;
    const now = h.clock.now().getTime();
    const ago = (days: number) => new Date(now - days * DAY);
    const yearOld = await insertTestNotice(db, team, ago(366));
    const unread = await insertTestNotice(db, team, ago(40));
    const readLongAgo = await insertTestNotice(db, team, ago(40));
    const readLately = await insertTestNotice(db, team, ago(40));
    const who = { vendorId: team.vendor.id, userId: team.admin.id };
    await markNoticesRead(db, { ...who, noticeId: readLongAgo }, ago(31));
    await markNoticesRead(db, { ...who, noticeId: readLately }, ago(29));
    const bell = async () => {
      const response = await h.app.inject({
        method: 'GET',
        url: `/api/vendor/${team.vendor.id}/notices`,
        headers: bearer(team.adminToken),
      });
      return Notices.parse(response.json()).data.map((notice) => notice.id);
    };
    expect(await bell()).toEqual(expect.arrayContaining([yearOld, unread]));

    expect(await removeExpiredNotices(h.deps)).toBe(2);
    expect(await bell()).toEqual([unread]);
    const left = await db
      .select({ id: adminNotices.id })
      .from(adminNotices)
      .where(eq(adminNotices.vendorId, team.vendor.id));
    expect(left.map((row) => row.id).sort()).toEqual([unread, readLately].sort());
    expect(await removeExpiredNotices(h.deps)).toBe(0);
  });
});
