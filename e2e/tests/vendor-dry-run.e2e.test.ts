import { SEED_IDS } from '@automate/servicem8-sim';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { harnessJourneyForFile } from '../support/harness-journey.ts';

/**
 * "Test on a job" tells the whole truth: on a job still in Quote, an automation for “A job is
 * completed” would not run yet, and the test says what would have to happen; it says when a real run
 * would act (its delay, then quiet hours for its client messages) and the warnings it would record.
 */

/** Job 1001, a quote with no booking. */
const JOB = { uuid: SEED_IDS.jobs.quoteKitchenTap, number: '1001' };
/** Job 1005, a work order booked for a week from now. */
const BOOKED_JOB = { uuid: SEED_IDS.jobs.workOrderGasSafetyCheck, number: '1005' };

const journey = harnessJourneyForFile();

/** Opens the automation's editor and tests it on job `number`; answers the test's dialog. */
async function testOnJob(triggerId: string, number: string) {
  const { page, baseUrl } = journey;
  await page.goto(`${baseUrl}/app/automation/view/${triggerId}`);
  await page.getByRole('button', { name: 'Test on a job' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test on a job' });
  await dialog.getByRole('combobox', { name: 'Job' }).fill(number);
  await page.getByRole('option', { name: new RegExp(`^Job ${number} `) }).click();
  await dialog.getByRole('button', { name: 'Run test' }).click();
  return dialog;
}

describe('Test on a job', () => {
  it('says the record does not fit the event yet, when a real run would act, and its warnings', async () => {
    const { h } = journey;
    // Client messages go out between 3:00 and 3:01 (the business's time) only; the job's client unsubscribed.
    const messaging = {
      quietHours: { enabled: true, start: '03:00', end: '03:01', days: [1, 2, 3, 4, 5, 6, 7] },
      contactLimits: { perDay: null, perWeek: null },
      optOutBadgeUuid: null,
    };
    await h.deps.database.db.execute(
      sql`update vendors set client_messaging = ${JSON.stringify(messaging)}::jsonb where id = ${h.vendorId}`,
    );
    const job = h.sim.controls.records('job').find((record) => record.uuid === JOB.uuid);
    const clientUuid = String(job?.company_uuid ?? '');
    await h.deps.database.db.execute(
      sql`insert into client_opt_outs (vendor_id, client_uuid, contact_name, email, opted_out_at)
          values (${h.vendorId}, ${clientUuid}, 'Casey Client', 'casey@example.com', now())`,
    );
    const triggerId = await h.createTrigger({
      name: 'Thank-you text',
      event: 'JobCompleted',
      delay: { amount: 2, unit: 'Hour' },
      actions: [{ id: 'text', type: 'JobClient_SendText', params: { message: 'Thanks for choosing us' } }],
    });

    const dialog = await testOnJob(triggerId, JOB.number);

    await dialog
      .getByText('Would not run yet: the conditions hold, but this record does not fit the event now.')
      .waitFor();
    expect(await dialog.getByTestId('dry-run-event-fit').textContent()).toMatch(
      /^This record does not fit “A job is completed” yet \(.+\): a real run starts only once a job is completed in ServiceM8\.$/,
    );
    expect(await dialog.getByTestId('dry-run-timing').textContent()).toMatch(
      /^It would run 2 hours after the event, at .+; its client messages would wait for business hours \(quiet hours\) and go at .+, 3:00 am [A-Z]+\.$/,
    );
    const warnings = await dialog.getByTestId('dry-run-warning').allTextContents();
    expect(warnings.some((warning) => /opted out of automated messages: Casey Client/.test(warning))).toBe(true);
    // Nothing was sent.
    expect(h.sim.controls.messages()).toEqual([]);
  });

  it('works out a delay before the booking from the job’s booking, or says plainly that it has none', async () => {
    const { h } = journey;
    const triggerId = await h.createTrigger({
      name: 'Day-before reminder',
      event: 'JobIsScheduled',
      delay: { amount: 1, unit: 'Day', from: 'BookingStart' },
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Reminder due' } }],
    });

    const booked = await testOnJob(triggerId, BOOKED_JOB.number);
    const timing = booked.getByTestId('dry-run-timing');
    await timing.getByText(/before the job’s booking starts/).waitFor();
    const sentence = /^It would act 1 day before the job’s booking starts, at (.+) \(the booking starts (.+)\)\.$/.exec(
      (await timing.textContent()) ?? '',
    );
    expect(sentence, (await timing.textContent()) ?? '').not.toBeNull();
    const [, due = '', start = ''] = sentence ?? [];
    // The same time of day, on the day before: "Fri, 4 Dec 2026, 1:00 pm NZDT" and "Sat, 5 Dec 2026, 1:00 pm NZDT".
    const timeOf = (at: string) => at.split(', ').at(-1);
    expect(timeOf(due)).toBe(timeOf(start));
    expect(Date.parse(start.split(', ').slice(1, 2).join('')) - Date.parse(due.split(', ').slice(1, 2).join(''))).toBe(
      86_400_000,
    );

    const unbooked = await testOnJob(triggerId, JOB.number);
    await unbooked
      .getByTestId('dry-run-timing')
      .getByText(
        'It would act 1 day before the job’s booking starts, but this job has no booking in the ServiceM8 schedule, so its time cannot be worked out: a real run for it would be skipped.',
      )
      .waitFor();
  });
});
