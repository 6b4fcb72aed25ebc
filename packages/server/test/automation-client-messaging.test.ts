import { createHmac } from 'node:crypto';
import {
  type ClientMessagingSettings,
  DEFAULT_CLIENT_MESSAGING,
  type TriggerDefinitionInput,
  type TriggerRunDetail,
} from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer } from './support/factories.ts';

/**
 * Issue acceptance: client messages wait for business hours (daylight saving included) while the run's
 * internal actions go ahead, and a contact limit, the opt-out badge or the unsubscribe link each make the
 * message Skipped with its reason while the rest of the run proceeds.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const { jobs, badges, categories, companies } = SEED_IDS;
const JOB = jobs.quoteKitchenTap; // job 1001 for Emma Ellis, whose job contact has an email and a mobile
type Action = TriggerDefinitionInput['actions'][number];

const text: Action = { id: 'text', type: 'Job_SendText', params: { message: 'Reminder for job {{ job.number }}' } };
const email: Action = { id: 'email', type: 'Job_SendEmail', params: { subject: 'Job {{ job.number }}', body: 'Hi' } };
const note: Action = { id: 'note', type: 'Job_AddNote', params: { text: 'Followed up job {{ job.number }}' } };
const OFF_HOURS = { ...DEFAULT_CLIENT_MESSAGING.quietHours, enabled: false };

async function setMessaging(settings: Partial<ClientMessagingSettings>) {
  const response = await h.app.inject({
    method: 'PATCH',
    url: `/api/Vendor/${h.vendorId}`,
    headers: bearer(h.token),
    payload: { timeZone: 'Pacific/Auckland', clientMessaging: { ...DEFAULT_CLIENT_MESSAGING, ...settings } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

let flip = false;
/** A change on job 1001 that raises JobCategoryChanged, to start the runs of the triggers on it. */
async function changeCategory() {
  flip = !flip;
  await h.change('job', JOB, { category_uuid: flip ? categories.drainage : categories.plumbing });
}

async function runOnce(actions: Action[]): Promise<TriggerRunDetail> {
  const triggerId = await h.createTrigger({ event: 'JobCategoryChanged', actions });
  await changeCategory();
  const [run] = await h.settledRuns(triggerId, 1);
  await h.deleteTrigger(triggerId);
  if (!run) throw new Error('no run');
  return run;
}

const stepOf = (run: TriggerRunDetail | undefined, actionId: string) =>
  run?.steps
    .filter((step) => step.actionId === actionId)
    .map((step) => ({ status: step.status, outcome: step.outcome }));
const notesOnJob = () => h.sim.controls.records('note').filter((n) => n.related_object_uuid === JOB).length;

describe('contact limits', () => {
  it('skip a client’s message over the day’s limit, and the run still does its other actions', async () => {
    await setMessaging({ quietHours: OFF_HOURS, contactLimits: { perDay: 1, perWeek: null } });
    h.sim.controls.clearMessages();
    const triggerId = await h.createTrigger({ event: 'JobCategoryChanged', actions: [text, note] });
    await changeCategory();
    const [first] = await h.settledRuns(triggerId, 1);
    expect(first?.status).toBe('Succeeded');
    expect(h.sim.controls.messages('sms')).toHaveLength(1);

    const notesBefore = notesOnJob();
    await changeCategory();
    const [second] = await h.settledRuns(triggerId, 2);
    await h.deleteTrigger(triggerId);
    const reason = 'The client already had 1 automated message today (the limit is 1 a day); nothing was sent.';
    expect(stepOf(second, 'text')).toEqual([{ status: 'Skipped', outcome: reason }]);
    expect(stepOf(second, 'note')?.[0]?.status).toBe('Succeeded');
    expect(notesOnJob()).toBe(notesBefore + 1);
    expect(second).toMatchObject({ status: 'Succeeded', reason: `“Text the job contact”: ${reason}` });
    expect(h.sim.controls.messages('sms')).toHaveLength(1);
  });
});

describe('opting out', () => {
  it('by the chosen ServiceM8 badge skips the client’s messages, not the rest of the run', async () => {
    await setMessaging({ quietHours: OFF_HOURS, optOutBadgeUuid: badges.onMyWay });
    h.sim.controls.writeRecord('company', companies.emmaEllis, { badges: JSON.stringify([badges.onMyWay]) });
    await h.quiet();
    h.sim.controls.clearMessages();
    try {
      const run = await runOnce([email, note]);
      expect(stepOf(run, 'email')).toEqual([
        {
          status: 'Skipped',
          outcome: 'Emma Ellis has the badge "On my way", so automated messages do not go to them; nothing was sent.',
        },
      ]);
      expect(stepOf(run, 'note')?.[0]?.status).toBe('Succeeded');
      expect(run.status).toBe('Succeeded');
      expect(h.sim.controls.messages()).toEqual([]);
    } finally {
      h.sim.controls.writeRecord('company', companies.emmaEllis, { badges: '[]' });
      await h.quiet();
    }
  });

  it('by the unsubscribe link of an email (over HTTP) skips later messages until the vendor undoes it', async () => {
    await setMessaging({ quietHours: OFF_HOURS });
    h.sim.controls.clearMessages();
    await runOnce([email]);
    const [sent] = h.sim.controls.messages('email');
    const body = String(sent?.textBody);
    const link = /To stop automated emails from us, unsubscribe: (\S+)$/.exec(body)?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=[\w-]{43}$/);
    const token = new URL(link).searchParams.get('token') ?? '';
    // An opaque id: whoever sees the link learns nothing of whom it is for.
    const decoded = Buffer.from(token, 'base64url').toString('latin1');
    for (const secret of ['emma', 'Emma', 'example.net', companies.emmaEllis]) {
      expect(token).not.toContain(secret);
      expect(decoded).not.toContain(secret);
    }
    const api = `${h.baseUrl}/api/Public/unsubscribe?token=${token}`;

    const page = await fetch(api);
    expect(await page.json()).toMatchObject({
      data: { businessName: 'Harbour Plumbing', email: 'em***@example.net', optedOut: false },
    });
    // What a mail program's one-click unsubscribe posts (RFC 8058).
    const oneClick = await fetch(api, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({ data: { optedOut: true } });
    // A link whose signature does not match opts nobody out.
    const forged = await fetch(`${api.slice(0, -4)}AAAA`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(404);

    const optOuts = await h.app.inject({
      method: 'GET',
      url: `/api/vendor/${h.vendorId}/OptOuts`,
      headers: bearer(h.token),
    });
    expect(optOuts.json().data).toMatchObject([
      { clientUuid: companies.emmaEllis, contactName: 'Emma Ellis', email: 'emma.ellis@example.net' },
    ]);

    h.sim.controls.clearMessages();
    const skipped = await runOnce([email, note]);
    expect(stepOf(skipped, 'email')?.[0]).toMatchObject({
      status: 'Skipped',
      outcome: expect.stringMatching(
        /^The client opted out of automated messages: Emma Ellis \(emma\.ellis@example\.net\) unsubscribed on .+; nothing was sent\.$/,
      ),
    });
    expect(stepOf(skipped, 'note')?.[0]?.status).toBe('Succeeded');
    expect(h.sim.controls.messages()).toEqual([]);

    const undo = await h.app.inject({
      method: 'DELETE',
      url: `/api/vendor/${h.vendorId}/OptOuts/${companies.emmaEllis}`,
      headers: bearer(h.token),
    });
    expect(undo.statusCode, undo.body).toBe(200);
    await runOnce([email]);
    expect(h.sim.controls.messages('email')).toHaveLength(1);
  });
});

describe('unsubscribe links of emails sent before links were opaque', () => {
  it('still work, for the same client as the opaque link of a new email', async () => {
    await setMessaging({ quietHours: OFF_HOURS });
    h.sim.controls.clearMessages();
    await runOnce([email]);
    const body = String(h.sim.controls.messages('email')[0]?.textBody);
    const fresh = new URL(/unsubscribe: (\S+)$/.exec(body)?.[1] ?? '').searchParams.get('token') ?? '';
    expect(fresh).toMatch(/^[\w-]{43}$/);
    // What a link of an email sent before looked like: the recipient itself, signed.
    const payload = Buffer.from(
      JSON.stringify([h.vendorId, companies.emmaEllis, 'Emma Ellis', 'emma.ellis@example.net']),
    ).toString('base64url');
    const signature = createHmac('sha256', h.deps.keys.unsubscribeSigningKey).update(payload).digest('base64url');
    const api = (token: string) => `${h.baseUrl}/api/Public/unsubscribe?token=${token}`;

    const before = await fetch(api(`${payload}.${signature}`));
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({
      data: { businessName: 'Harbour Plumbing', email: 'em***@example.net', optedOut: false },
    });
    const confirmed = await fetch(api(fresh), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await confirmed.json()).toMatchObject({ data: { optedOut: true } });
    expect(await (await fetch(api(`${payload}.${signature}`))).json()).toMatchObject({ data: { optedOut: true } });

    const forged = await fetch(api(`${payload}.${signature.slice(0, -4)}AAAA`));
    expect(forged.status).toBe(404);
    expect(await forged.json()).toMatchObject({
      message: 'This unsubscribe link is not valid: copy the whole link from the email.',
    });
    expect((await fetch(api('not-a-link-anyone-was-sent'))).status).toBe(404);
    const undo = await h.app.inject({
      method: 'DELETE',
      url: `/api/vendor/${h.vendorId}/OptOuts/${companies.emmaEllis}`,
      headers: bearer(h.token),
    });
    expect(undo.statusCode, undo.body).toBe(200);
  });
});

describe('quiet hours', () => {
  it('hold a message due at 22:00 until 08:00 the next business day, across a clock change; internal actions go at once', async () => {
    await setMessaging({});
    // Saturday 3 April 2027, 22:00 in Auckland (NZDT, +13). Clocks go back an hour on Sunday and
    // Sundays are closed: the next opening is Monday 08:00 NZST (+12), 20:00 UTC on Sunday.
    await h.advance(Date.parse('2027-04-03T09:00:00Z') - h.clock.now().getTime(), { dispatch: false });
    await h.renewSession();
    h.sim.controls.clearMessages();
    const held = await h.createTrigger({ event: 'JobCategoryChanged', actions: [text, note, email] });
    const urgent = await h.createTrigger({ event: 'JobCategoryChanged', actions: [text], ignoreQuietHours: true });
    const notesBefore = notesOnJob();
    await changeCategory();

    const [waiting] = await h.settledRuns(held, 1);
    expect(waiting).toMatchObject({
      status: 'Scheduled',
      dueAt: '2027-04-04T20:00:00.000Z',
      reason: 'Waiting for business hours — sends Mon, 5 Apr 2027, 8:00 am NZST.',
    });
    expect(stepOf(waiting, 'text')).toEqual([
      { status: 'Waiting', outcome: 'Waiting for business hours — sends Mon, 5 Apr 2027, 8:00 am NZST' },
    ]);
    expect(stepOf(waiting, 'note')?.[0]?.status).toBe('Succeeded');
    expect(notesOnJob()).toBe(notesBefore + 1);
    // The urgent trigger ignores quiet hours: its text went at once.
    const [urgentRun] = await h.settledRuns(urgent, 1);
    expect(urgentRun?.status).toBe('Succeeded');
    expect(h.sim.controls.messages().map((m) => m.channel)).toEqual(['sms']);

    // Monday 07:59 NZST: still closed (an hour off for daylight saving would have sent at 07:00).
    await h.advance(Date.parse('2027-04-04T19:59:00Z') - h.clock.now().getTime());
    expect((await h.settledRuns(held, 1))[0]?.status).toBe('Scheduled');
    expect(h.sim.controls.messages()).toHaveLength(1);

    await h.advance(Date.parse('2027-04-04T20:00:05Z') - h.clock.now().getTime());
    const [done] = await h.settledRuns(held, 1);
    expect(done?.status).toBe('Succeeded');
    const sent = h.sim.controls.messages().slice(1);
    expect(sent.map((m) => m.channel)).toEqual(['sms', 'email']);
    for (const message of sent) expect(message.at >= '2027-04-04T20:00:00').toBe(true);
    expect(stepOf(done, 'text')).toEqual([
      { status: 'Waiting', outcome: 'Waited for business hours until Mon, 5 Apr 2027, 8:00 am NZST.' },
      { status: 'Succeeded', outcome: 'Sent the text message to +61411555201; it is in the job diary.' },
    ]);
    // The note was not added again.
    expect(notesOnJob()).toBe(notesBefore + 1);
    await h.deleteTrigger(held);
    await h.deleteTrigger(urgent);
  });
});
