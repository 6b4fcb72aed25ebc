import { AutomationResults, ErrorBody, successEnvelope, WeekResults } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createVendorTeam } from './support/factories.ts';
import { resultsHistory } from './support/results-history.ts';
import { createTestTrigger } from './support/run-factory.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/**
 * The results of automations against a history seeded as the engine writes it (events, runs, steps,
 * job snapshots), each figure worked out by hand below.
 */

let services: TestServices;
let team: Awaited<ReturnType<typeof createVendorTeam>>;
const DAY = 24 * 60 * 60 * 1000;
let now: number;
const daysAgo = (days: number) => new Date(now - days * DAY);

beforeAll(async () => {
  services = await startTestServices();
  team = await createVendorTeam(services.deps, 'Results Plumbing');
  now = services.clock.now().getTime();
});
afterAll(() => services.cleanup());

let history: ReturnType<typeof resultsHistory>;
async function triggerSavedDaysAgo(name: string, days: number, actions?: readonly object[]): Promise<string> {
  history = resultsHistory(services, team.vendor.id);
  const id = await createTestTrigger(services, team, name, actions);
  await history.savedDaysAgo(id, days);
  return id;
}

async function results(triggerId: string, token = team.userToken, vendorId = team.vendor.id) {
  return services.app.inject({
    method: 'GET',
    url: `/api/vendor/${vendorId}/Trigger/${triggerId}/results`,
    headers: bearer(token),
  });
}

async function resultsOf(triggerId: string): Promise<AutomationResults> {
  const response = await results(triggerId);
  expect(response.statusCode, response.body).toBe(200);
  return successEnvelope(AutomationResults).parse(response.json()).data;
}

describe('GET …/Trigger/{id}/results', () => {
  it('quote follow-ups: the share approved within 14 days and their value, compared with quotes not followed up', async () => {
    const chaser = await triggerSavedDaysAgo('Quote chaser', 80);
    // 10 quotes followed up 30 days ago (in Quote since 31 days ago): 4 approved 5 days later
    // ($1,000 + $2,000 + $3,000 + $4,000), 1 approved 20 days later (not within 14), 5 not approved.
    for (let i = 0; i < 10; i++) {
      const uuid = await history.job({ status: i < 5 ? 'Work Order' : 'Quote', total: (i + 1) * 1000 });
      await history.statusChange(uuid, 'Work Order', 'Quote', daysAgo(31));
      await history.run(chaser, uuid, daysAgo(30));
      if (i < 4) await history.quoteApproved(uuid, daysAgo(25));
      if (i === 4) await history.quoteApproved(uuid, daysAgo(10));
    }
    // Not a quote when it ran (it had left Quote two days before), and a quote whose 14 days are not over.
    const workOrder = await history.job({ status: 'Work Order', total: 50_000 });
    await history.statusChange(workOrder, 'Quote', 'Work Order', daysAgo(32));
    await history.run(chaser, workOrder, daysAgo(30));
    await history.quoteApproved(workOrder, daysAgo(29));
    const recent = await history.job({ status: 'Quote', total: 70_000 });
    await history.run(chaser, recent, daysAgo(5));
    // A failed run follows nothing up.
    await history.run(chaser, await history.job({ status: 'Quote' }), daysAgo(30), 'Failed');
    // 9 quotes of the period it did not run on, 3 approved within 14 days: fewer than 10, not shown.
    for (let i = 0; i < 9; i++) {
      const uuid = await history.job({ status: i < 3 ? 'Work Order' : 'Quote', total: 500 });
      await history.event(uuid, 'JobAddedToQuote', daysAgo(40));
      if (i < 3) await history.quoteApproved(uuid, daysAgo(35));
    }

    const figures = await resultsOf(chaser);
    expect(figures.quoteFollowUps).toEqual({
      approvedAfterFollowUp: { value: 0.4, sample: 10, note: null },
      approvedCount: 4,
      approvedValue: 10_000,
      approvedWithoutFollowUp: { value: null, sample: 9, note: 'Shown from 10 quotes; 9 so far.' },
    });
    expect(figures.paymentReminders).toBeNull();
    // A run counts once its 14 days are over.
    expect(Date.parse(figures.computedAt) - Date.parse(figures.countedUntil)).toBe(14 * DAY);
  });

  it('shows the quotes not followed up from the tenth', async () => {
    const chaser = await triggerSavedDaysAgo('Second chaser', 80);
    for (let i = 0; i < 10; i++) {
      const uuid = await history.job({ status: 'Quote', total: 100 });
      await history.statusChange(uuid, 'Work Order', 'Quote', daysAgo(61));
      await history.run(chaser, uuid, daysAgo(60));
    }
    // The 9 quotes of the first test and this one it did not run on: 10, so the share shows, 3 of 10.
    await history.event(await history.job({ status: 'Quote' }), 'JobQuoteSent', daysAgo(50));
    const figures = await resultsOf(chaser);
    expect(figures.quoteFollowUps?.approvedAfterFollowUp).toEqual({ value: 0, sample: 10, note: null });
    expect(figures.quoteFollowUps?.approvedWithoutFollowUp).toEqual({ value: 0.3, sample: 10, note: null });
  });

  it('payment reminders: the share paid within 14 days and the median days to pay, compared with before', async () => {
    const reminder = await triggerSavedDaysAgo('Payment reminder', 60);
    // 10 invoices sent 40 days ago, reminded 30 days ago; paid 2, 3, 5, 8, 13 and 20 days after the reminder.
    const paidAfter = [2, 3, 5, 8, 13, 20];
    for (let i = 0; i < 10; i++) {
      const uuid = await history.job({ status: 'Completed', total: 300 });
      await history.event(uuid, 'JobInvoiceSent', daysAgo(40));
      await history.run(reminder, uuid, daysAgo(30));
      const days = paidAfter[i];
      if (days !== undefined) await history.event(uuid, 'JobInvoiceApproved', daysAgo(30 - days));
    }
    // Paid before the reminder ran: not an unpaid invoice.
    const paid = await history.job({ status: 'Completed' });
    await history.event(paid, 'JobInvoiceSent', daysAgo(40));
    await history.event(paid, 'JobInvoiceApproved', daysAgo(35));
    await history.run(reminder, paid, daysAgo(30));
    // Before it was switched on (60 days ago): 10 invoices paid 1…10 days after they were sent.
    for (let days = 1; days <= 10; days++) {
      const uuid = await history.job({ status: 'Completed' });
      await history.event(uuid, 'JobInvoiceSent', daysAgo(100));
      await history.event(uuid, 'JobInvoiceApproved', daysAgo(100 - days));
    }

    const figures = await resultsOf(reminder);
    expect(figures.quoteFollowUps).toBeNull();
    expect(figures.paymentReminders).toEqual({
      paidAfterReminder: { value: 0.5, sample: 10, note: null },
      medianDaysToPayAfterReminder: { value: null, sample: 6, note: 'Shown from 10 paid invoices; 6 so far.' },
      medianDaysToPayBefore: { value: 5.5, sample: 10, note: null },
    });
  });

  it('form requests: the share of jobs with a form filled in within 7 days after the request', async () => {
    const askText = [
      {
        id: 'text',
        type: 'JobClient_SendText',
        params: { message: 'How did we do? Tell us: {{ vendor.website }}/Feedback' },
      },
    ];
    const asks = await triggerSavedDaysAgo('Feedback request', 60, askText);
    // 11 jobs asked 20 days ago; forms filled in on them 1, 3, 6 and 7 days later (within 7 days), 9 days
    // later on one (too late), and 2 days before the request on another (not after it).
    const after = [1, 3, 6, 7, 9];
    const jobs: string[] = [];
    for (let i = 0; i < 11; i++) {
      const uuid = await history.job({ status: 'Completed' });
      jobs.push(uuid);
      await history.run(asks, uuid, daysAgo(20));
      const days = after[i];
      if (days !== undefined) await history.event(uuid, 'FormIsSubmitted', daysAgo(20 - days));
    }
    await history.event(jobs[10] ?? '', 'FormIsSubmitted', daysAgo(22));
    // A second request on a job counts once (its first); a request 3 days ago has not had its 7 days.
    await history.run(asks, jobs[5] ?? '', daysAgo(12));
    await history.event(jobs[5] ?? '', 'FormIsSubmitted', daysAgo(11));
    await history.run(asks, await history.job({ status: 'Completed' }), daysAgo(3));

    const figures = await resultsOf(asks);
    expect(figures.formRequests).toEqual({
      submittedAfterRequest: { value: 0.364, sample: 11, note: null },
      submittedCount: 4,
      // A request counts once its 7 days are over.
      countedUntil: new Date(Date.parse(figures.computedAt) - 7 * DAY).toISOString(),
    });
    expect(figures.quoteFollowUps).toBeNull();

    // Fewer than 10 requests: the share is not shown.
    const few = await triggerSavedDaysAgo('Survey request', 60, askText);
    for (let i = 0; i < 9; i++) await history.run(few, await history.job({ status: 'Completed' }), daysAgo(20));
    expect((await resultsOf(few)).formRequests?.submittedAfterRequest).toEqual({
      value: null,
      sample: 9,
      note: 'Shown from 10 requests; 9 so far.',
    });
    // An automation whose messages ask for no form has no form figure.
    const notes = await triggerSavedDaysAgo('Notes only', 60);
    await history.run(notes, jobs[0] ?? '', daysAgo(20));
    expect((await resultsOf(notes)).formRequests).toBeNull();
  });

  it('answers 404 for a trigger that is not the vendor’s, with a sentence', async () => {
    const other = await createVendorTeam(services.deps, 'Other Plumbing');
    const theirs = await createTestTrigger(services, other, 'Their chaser');
    const response = await results(theirs);
    expect(response.statusCode).toBe(404);
    expect(ErrorBody.parse(response.json()).message).toBe('The trigger was not found.');
  });
});

describe('GET …/Trigger/results/week', () => {
  it('counts the actions done in the last 7 days and the quotes approved after a follow-up', async () => {
    const team2 = await createVendorTeam(services.deps, 'Week Plumbing');
    const previous = team;
    team = team2;
    try {
      const chaser = await triggerSavedDaysAgo('Week chaser', 30);
      const approved = await history.job({ status: 'Work Order', total: 18_400 });
      await history.statusChange(approved, 'Work Order', 'Quote', daysAgo(5));
      const runId = await history.run(chaser, approved, daysAgo(4));
      await history.quoteApproved(approved, daysAgo(2));
      // Approved this week without a run on it while it was a quote.
      await history.quoteApproved(await history.job({ status: 'Work Order', total: 999 }), daysAgo(1));
      await history.step(runId, 0, 'Job_SendEmail', daysAgo(4));
      await history.step(runId, 1, 'JobClient_SendEmail', daysAgo(4));
      await history.step(runId, 2, 'Job_SendText', daysAgo(4));
      await history.step(runId, 3, 'JobClient_SendText', daysAgo(4), 'Failed');
      await history.step(runId, 4, 'Job_AddNote', daysAgo(4));
      // Eight days ago: before the week.
      const oldRun = await history.run(chaser, await history.job({ status: 'Quote' }), daysAgo(8));
      await history.step(oldRun, 0, 'Job_AddNote', daysAgo(8));

      const response = await services.app.inject({
        method: 'GET',
        url: `/api/vendor/${team.vendor.id}/Trigger/results/week`,
        headers: bearer(team.userToken),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(successEnvelope(WeekResults).parse(response.json()).data).toMatchObject({
        emailsSent: 2,
        textsSent: 1,
        notesAdded: 1,
        quotesApprovedAfterFollowUp: 1,
        quotesApprovedValue: 18_400,
      });
    } finally {
      team = previous;
    }
  });
});
