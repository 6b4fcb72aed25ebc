import { DEFAULT_CLIENT_MESSAGING, type DryRunResult, formatBusinessTime } from '@automate/contract';
import { DEMO_TIME_ZONE, SEED_IDS } from '@automate/servicem8-sim';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer } from './support/factories.ts';

/**
 * "Test on a job" tells the whole truth: on a job still in Quote, a trigger for “A job is completed”
 * would not run yet, and the test says what would have to happen; it says when a real run would act
 * (its delay, counted back from the job's booking when it is "before the booking starts", then quiet
 * hours for its client messages) and the warnings it would record. The sentences are the ones the
 * editor's test dialog shows.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const zone = DEMO_TIME_ZONE;
const HOUR = 60 * 60_000;
/** Job 1001, a quote with no booking, for Emma Ellis's company. */
const QUOTE = SEED_IDS.jobs.quoteKitchenTap;
/** Job 1005, a work order booked for a week from now at 1:00 pm. */
const BOOKED = SEED_IDS.jobs.workOrderGasSafetyCheck;

/** A time as the dialog shows it: on the business's clock, its zone named. */
const shown = (at: DateTime | number) => formatBusinessTime(typeof at === 'number' ? at : at.toMillis(), zone);

async function testOnJob(triggerId: string, jobUuid: string): Promise<DryRunResult> {
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/vendor/${h.vendorId}/Trigger/${triggerId}/dryrun`,
    headers: bearer(h.token),
    payload: { jobUuid },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as DryRunResult;
}

describe('Test on a job', () => {
  it('says the record does not fit the event yet, when a real run would act, and its warnings', async () => {
    // Client messages go out between 3:00 and 3:01 am (the business's time) only.
    const settings = await h.app.inject({
      method: 'PATCH',
      url: `/api/Vendor/${h.vendorId}`,
      headers: bearer(h.token),
      payload: {
        clientMessaging: {
          ...DEFAULT_CLIENT_MESSAGING,
          quietHours: { enabled: true, start: '03:00', end: '03:01', days: [1, 2, 3, 4, 5, 6, 7] },
          contactLimits: { perDay: null, perWeek: null },
          optOutBadgeUuid: null,
        },
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // The job's client unsubscribed.
    const job = h.sim.controls.records('job').find((record) => record.uuid === QUOTE);
    const clientUuid = String(job?.company_uuid ?? '');
    expect(clientUuid).not.toBe('');
    await h.deps.database.db.execute(
      sql`insert into client_opt_outs (vendor_id, client_uuid, contact_name, email, opted_out_at)
          values (${h.vendorId}, ${clientUuid}, 'Casey Client', 'casey@example.com', '2026-03-02T22:00:00Z')`,
    );
    const triggerId = await h.createTrigger({
      name: 'Thank-you text',
      event: 'JobCompleted',
      delay: { amount: 2, unit: 'Hour' },
      actions: [{ id: 'text', type: 'JobClient_SendText', params: { message: 'Thanks for choosing us' } }],
    });
    h.sim.controls.clearMessages();

    const before = h.clock.now().getTime();
    const result = await testOnJob(triggerId, QUOTE);
    const after = h.clock.now().getTime();

    // The conditions hold (there are none), but the job is not completed yet.
    expect(result.wouldRun).toBe(true);
    expect(result.eventFit).toEqual({
      fits: false,
      sentence:
        'This record does not fit “A job is completed” yet (the job is completed? no: its status is Quote): a real run starts only once a job is completed in ServiceM8.',
    });
    // Two hours on, then the next 3:00 am, when client messages may go out.
    const timingAt = (now: number) => {
      const due = DateTime.fromMillis(now + 2 * HOUR, { zone });
      let opens = due.set({ hour: 3, minute: 0, second: 0, millisecond: 0 });
      if (opens <= due) opens = opens.plus({ days: 1 });
      return `It would run 2 hours after the event, at ${shown(due)}; its client messages would wait for business hours (quiet hours) and go at ${shown(opens)}.`;
    };
    expect([timingAt(before), timingAt(after)]).toContain(result.timing.sentence);
    expect(result.timing.sentence).toMatch(/ and go at \w{3}, \d{1,2} \w{3} \d{4}, 3:00 am AE[DS]T\.$/);
    expect(result.warnings).toEqual([
      'Its client messages would not be sent: The client opted out of automated messages: Casey Client (casey@example.com) unsubscribed on Tue, 3 Mar 2026, 9:00 am AEDT; nothing was sent.',
    ]);
    // Nothing was sent.
    expect(h.sim.controls.messages()).toEqual([]);
    await h.deleteTrigger(triggerId);
  });

  it('works out a delay before the booking from the job’s booking, or says plainly that it has none', async () => {
    const triggerId = await h.createTrigger({
      name: 'Day-before reminder',
      event: 'JobIsScheduled',
      delay: { amount: 1, unit: 'Day', from: 'BookingStart' },
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Reminder due' } }],
    });

    const booked = await testOnJob(triggerId, BOOKED);
    // ServiceM8 writes the booking's start in the account's local time.
    const bookings = h.sim.controls.records('jobactivity').filter((activity) => activity.job_uuid === BOOKED);
    expect(bookings).toHaveLength(1);
    const start = DateTime.fromFormat(String(bookings[0]?.start_date), 'yyyy-MM-dd HH:mm:ss', { zone });
    expect(booked.timing.sentence).toBe(
      `It would act 1 day before the job’s booking starts, at ${shown(start.minus({ days: 1 }))} (the booking starts ${shown(start)}).`,
    );
    // The same time of day, on the day before: "Sun, 6 Dec 2026, 1:00 pm AEDT (the booking starts Mon, 7 Dec 2026, 1:00 pm AEDT)".
    expect(booked.timing.sentence).toMatch(
      /, at \w{3}, \d{1,2} \w{3} \d{4}, 1:00 pm AE[DS]T \(the booking starts \w{3}, \d{1,2} \w{3} \d{4}, 1:00 pm AE[DS]T\)\.$/,
    );

    const unbooked = await testOnJob(triggerId, QUOTE);
    expect(unbooked.timing.sentence).toBe(
      'It would act 1 day before the job’s booking starts, but this job has no booking in the ServiceM8 schedule, so its time cannot be worked out: a real run for it would be skipped.',
    );
    await h.deleteTrigger(triggerId);
  });
});
