import { describe, expect, it } from 'vitest';
import { SEED_IDS } from '../src/seed/seed-ids.ts';
import { startSimulator } from './support/sim-harness.ts';

const JOB = SEED_IDS.jobs.workOrderBurstPipe;

describe('messaging: validation', () => {
  it.each([
    [{ to: '0412345678', message: 'hi' }, 'to must be a phone number in E.164 format, e.g. +61412345678'],
    [{ to: '+61412345678', message: 'x'.repeat(1601) }, 'message must be at most 1600 characters'],
    [
      { to: '+61412345678', message: 'On our way 🚐' },
      'message contains a special character that cannot be sent by SMS: "🚐"',
    ],
    [{ to: '+61412345678' }, 'message is required'],
    [
      { to: '+61412345678', message: 'hi', regardingJobUUID: '00000000-0000-4000-8000-000000000000' },
      expect.stringContaining('is not a job'),
    ],
  ])('SMS %o → 400 %s', async (body, message) => {
    const { call, token, sim } = await startSimulator();
    const response = await call('/platform_service_sms', { token: await token(['publish_sms']), json: body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errorCode: 400, message });
    expect(sim.controls.messages()).toEqual([]);
  });

  it.each([
    [{ subject: 'Quote', textBody: 'Hi' }, 'to is required'],
    [{ to: 'client@example.net', textBody: 'Hi' }, 'subject is required'],
    [{ to: 'client@example.net', subject: 'Quote' }, 'htmlBody or textBody is required'],
    [
      { to: 'client@example.net', subject: 'Quote', textBody: '' },
      'htmlBody and textBody must not be empty strings; leave one out instead',
    ],
    [
      { to: 'client@example.net', subject: 'Quote', htmlBody: 'Thanks <platform-user-signature />' },
      expect.stringContaining('x-impersonate-uuid'),
    ],
    [
      {
        to: 'client@example.net',
        subject: 'Quote',
        textBody: 'Hi',
        attachments: ['00000000-0000-4000-8000-000000000000'],
      },
      expect.stringContaining('is not an attachment'),
    ],
  ])('email %o → 400 %s', async (body, message) => {
    const { call, token } = await startSimulator();
    const response = await call('/platform_service_email', { token: await token(['publish_email']), json: body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errorCode: 400, message });
  });
});

describe('messaging: sends are recorded and land in the job diary', () => {
  it('an SMS regarding a job is recorded and readable through sms.json', async () => {
    const { call, token, sim } = await startSimulator();
    const access = await token(['publish_sms', 'read_sms']);
    const response = await call('/platform_service_sms', {
      token: access,
      form: { to: '+61411555205', message: 'Sam is 10 minutes away', regardingJobUUID: JOB },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(sim.controls.messages('sms')).toEqual([
      expect.objectContaining({
        channel: 'sms',
        to: '+61411555205',
        message: 'Sam is 10 minutes away',
        regardingJobUUID: JOB,
        credits: 1,
      }),
    ]);
    const query = `%24filter=${encodeURIComponent(`related_object_uuid eq '${JOB}'`)}`;
    const diary = (await (await call(`/api_1.0/sms.json?${query}`, { token: access })).json()) as Array<
      Record<string, unknown>
    >;
    expect(diary).toEqual([
      expect.objectContaining({
        direction: 'outbound',
        related_object: 'job',
        related_object_uuid: JOB,
        to: '+61411555205',
        message: 'Sam is 10 minutes away',
      }),
    ]);
  });

  it('sms.json filters only on direction, related_object and related_object_uuid; a filter on another field is ignored', async () => {
    const { call, token, sim } = await startSimulator();
    const access = await token(['publish_sms', 'read_sms']);
    await call('/platform_service_sms', {
      token: access,
      form: { to: '+61411555205', message: 'One', regardingJobUUID: JOB },
    });
    await call('/platform_service_sms', { token: access, form: { to: '+61411555206', message: 'Two' } });
    const list = async (filter: string) =>
      (await (
        await call(`/api_1.0/sms.json?%24filter=${encodeURIComponent(filter)}`, { token: access })
      ).json()) as Array<Record<string, unknown>>;
    expect(await list(`related_object_uuid eq '${JOB}' and direction eq 'outbound'`)).toMatchObject([
      { message: 'One' },
    ]);
    expect(await list(`related_object eq 'job'`)).toHaveLength(1);
    expect(await list(`direction eq 'inbound'`)).toHaveLength(0);
    // Not filterable: the filter is ignored and every message comes back, with a warning in the call log.
    expect(await list(`to eq '+61411555206'`)).toHaveLength(2);
    expect(sim.controls.calls().at(-1)?.warnings.join(' ')).toContain('$filter ignored');
  });

  it('an email with attachments and a signature (with x-impersonate-uuid) is recorded in email.json', async () => {
    const { call, token, sim } = await startSimulator();
    const access = await token(['publish_email', 'read_email']);
    const response = await call('/platform_service_email', {
      token: access,
      headers: { 'x-impersonate-uuid': SEED_IDS.staff.office },
      json: {
        to: 'emma.ellis@example.net',
        cc: 'office@harbourplumbing.example.com',
        subject: 'Your quote 1001',
        htmlBody: '<p>Please find your quote attached.</p><platform-user-signature />',
        regardingJobUUID: SEED_IDS.jobs.quoteKitchenTap,
        attachments: [SEED_IDS.attachments.quotePdf],
      },
    });
    expect(response.status).toBe(200);
    const [sent] = sim.controls.messages('email');
    expect(sent).toMatchObject({
      subject: 'Your quote 1001',
      staffUuid: SEED_IDS.staff.office,
      attachments: [SEED_IDS.attachments.quotePdf],
    });
    const history = (await (await call('/api_1.0/email.json', { token: access })).json()) as Array<
      Record<string, unknown>
    >;
    expect(history).toEqual([
      expect.objectContaining({
        related_object: 'job',
        related_object_uuid: SEED_IDS.jobs.quoteKitchenTap,
        subject: 'Your quote 1001',
        staff_uuid: SEED_IDS.staff.office,
        attachments: JSON.stringify([SEED_IDS.attachments.quotePdf]),
      }),
    ]);
  });

  it('GET /__sim/messages lists what was sent', async () => {
    const { call, token } = await startSimulator();
    await call('/platform_service_sms', {
      token: await token(['publish_sms']),
      json: { to: '+61400000000', message: 'Hello' },
    });
    const messages = (await (await call('/__sim/messages')).json()) as Array<Record<string, unknown>>;
    expect(messages).toEqual([expect.objectContaining({ channel: 'sms', to: '+61400000000', regardingJobUUID: null })]);
  });
});
