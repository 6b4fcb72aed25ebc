import type { TriggerDefinitionInput } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer } from './support/factories.ts';

/**
 * Issue acceptance: each of the 14 actions, run by a trigger on a change made in ServiceM8, has its
 * effect in the simulator's data or messages, and the run's step log describes it.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const { jobs, badges, queues, categories, materials, companies } = SEED_IDS;
const JOB = jobs.quoteKitchenTap; // job 1001 for Emma Ellis, whose job contact has an email and a mobile
type Action = TriggerDefinitionInput['actions'][number];

const record = (object: string, uuid: string) => h.sim.controls.records(object).find((r) => r.uuid === uuid);
const job = (): Record<string, unknown> => record('job', JOB) ?? {};

let flip = false;
/** A change on job 1001 that raises JobCategoryChanged (between two categories), to start a run. */
async function startRun(action: Action) {
  const triggerId = await h.createTrigger({ event: 'JobCategoryChanged', actions: [action] });
  flip = !flip;
  await h.change('job', JOB, { category_uuid: flip ? categories.drainage : categories.plumbing });
  const [run] = await h.settledRuns(triggerId, 1);
  await h.deleteTrigger(triggerId);
  if (!run) throw new Error('no run');
  const step = run.steps.find((s) => s.kind === 'Action');
  return { run, step };
}

describe('the actions, performed in ServiceM8', () => {
  it('Job_AddBadge adds the badge once, and the change it makes does not re-fire the trigger', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobBadgesChanged',
      actions: [{ id: 'a', type: 'Job_AddBadge', params: { badgeUuid: badges.warranty } }],
    });
    await h.change('job', JOB, { badges: JSON.stringify([badges.vip]) });
    const runs = await h.settledRuns(triggerId, 1);
    await h.quiet();
    expect(JSON.parse(String(job().badges))).toEqual([badges.vip, badges.warranty]);
    expect(runs[0]?.steps.find((s) => s.kind === 'Action')?.outcome).toBe('Added badge "Warranty" to job 1001.');
    // Its own change (badges) came back as a webhook: still one run.
    expect(await h.settledRuns(triggerId, 1)).toHaveLength(1);
    await h.deleteTrigger(triggerId);
  });

  it('Job_AddBadge does not add a badge the job already has', async () => {
    const { run, step } = await startRun({ id: 'a', type: 'Job_AddBadge', params: { badgeUuid: badges.vip } });
    expect(run.status).toBe('Succeeded');
    expect(step?.outcome).toBe('Job 1001 already had the badge "VIP"; nothing to change.');
    expect(JSON.parse(String(job().badges)).filter((b: string) => b === badges.vip)).toHaveLength(1);
  });

  it('Job_RemoveBadge removes the badge', async () => {
    const { step } = await startRun({ id: 'r', type: 'Job_RemoveBadge', params: { badgeUuid: badges.warranty } });
    expect(JSON.parse(String(job().badges))).not.toContain(badges.warranty);
    expect(step?.outcome).toBe('Removed badge "Warranty" from job 1001.');
  });

  it('Job_ChangeStatus changes the status', async () => {
    const { step } = await startRun({ id: 's', type: 'Job_ChangeStatus', params: { status: 'Work Order' } });
    expect(job().status).toBe('Work Order');
    expect(step?.outcome).toBe('Changed the status of job 1001 to Work Order.');
  });

  it('Job_AddToQueue puts the job in the queue', async () => {
    const { step } = await startRun({ id: 'q', type: 'Job_AddToQueue', params: { queueUuid: queues.partsOnOrder } });
    expect(job().queue_uuid).toBe(queues.partsOnOrder);
    expect(step?.outcome).toBe('Added job 1001 to the queue "Parts on order".');
  });

  it('Job_AddNote adds a note with merge fields to the job diary', async () => {
    const { step } = await startRun({
      id: 'n',
      type: 'Job_AddNote',
      params: { text: 'Job {{ job.number }} for {{ client.name }} changed category.' },
    });
    const notes = h.sim.controls.records('note').filter((n) => n.related_object_uuid === JOB);
    expect(notes.map((n) => n.note)).toContain('Job 1001 for Emma Ellis changed category.');
    expect(step?.outcome).toBe('Added a note to job 1001: "Job 1001 for Emma Ellis changed category."');
  });

  it('signs a text with the business’s sender name, or its ServiceM8 name when none is set', async () => {
    const setSenderName = async (senderName: string) => {
      const response = await h.app.inject({
        method: 'PATCH',
        url: `/api/Vendor/${h.vendorId}`,
        headers: bearer(h.token),
        payload: { senderName },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.senderName).toBe(senderName || null);
    };
    const sign = { id: 'n', type: 'Job_AddNote', params: { text: 'Thanks, {{ vendor.sender_name }}' } } as const;

    await setSenderName('Priya at Harbour');
    expect((await startRun(sign)).step?.outcome).toBe('Added a note to job 1001: "Thanks, Priya at Harbour"');
    await setSenderName('');
    expect((await startRun(sign)).step?.outcome).toBe('Added a note to job 1001: "Thanks, Harbour Plumbing & Gas"');
  });

  it('Job_AddDescription appends to the job description', async () => {
    const { step } = await startRun({ id: 'd', type: 'Job_AddDescription', params: { text: 'Access via side gate.' } });
    expect(String(job().job_description)).toMatch(/gooseneck mixer\.\n\nAccess via side gate\.$/);
    expect(step?.outcome).toBe('Added to the job description of job 1001: "Access via side gate."');
  });

  it('Job_AddWorkDoneDescription appends to the work done description', async () => {
    const { step } = await startRun({
      id: 'w',
      type: 'Job_AddWorkDoneDescription',
      params: { text: 'Tested, no leaks.' },
    });
    expect(String(job().work_done_description)).toMatch(/Tested, no leaks\.$/);
    expect(step?.outcome).toBe('Added to the work done description of job 1001: "Tested, no leaks."');
  });

  it('Job_AddService adds the material as a line item', async () => {
    const material = materials[0] ?? '';
    const before = new Set(h.sim.controls.records('jobmaterial').map((l) => l.uuid));
    const { step } = await startRun({
      id: 'm',
      type: 'Job_AddService',
      params: { materialUuid: material, quantity: 2 },
    });
    const lines = h.sim.controls
      .records('jobmaterial')
      .filter((l) => !before.has(l.uuid) && l.job_uuid === JOB && l.material_uuid === material);
    expect(lines.map((l) => Number(l.quantity))).toEqual([2]);
    expect(step?.outcome).toBe('Added 2 × "Labour - Standard Hourly Rate" to job 1001.');
  });

  it('Job_SendEmail emails the job contact, in the job diary', async () => {
    h.sim.controls.clearMessages();
    const { step } = await startRun({
      id: 'e',
      type: 'Job_SendEmail',
      params: { subject: 'About job {{ job.number }}', body: 'Hi {{ contact.first_name }}, we are on it.' },
    });
    const [email] = h.sim.controls.messages('email');
    expect(email).toMatchObject({
      to: 'emma.ellis@example.net',
      subject: 'About job 1001',
      textBody: expect.stringMatching(
        /^Hi Emma, we are on it\.\n\n--\nTo stop automated emails from us, unsubscribe: http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=\S+$/,
      ),
      regardingJobUUID: JOB,
    });
    expect(step?.outcome).toBe('Sent the email "About job 1001" to emma.ellis@example.net; it is in the job diary.');
  });

  it('Job_SendEmail with a vendor email template uses its subject and body', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: `/api/Vendor/${h.vendorId}/email/templates`,
      headers: bearer(h.token),
      payload: { name: 'Thanks', subject: 'Thanks, {{ contact.first_name }}', body: 'Job {{ job.number }} is booked.' },
    });
    expect(created.statusCode).toBe(201);
    h.sim.controls.clearMessages();
    await startRun({ id: 'e', type: 'Job_SendEmail', params: { emailTemplateId: created.json().data.id } });
    expect(h.sim.controls.messages('email')).toMatchObject([
      { subject: 'Thanks, Emma', textBody: expect.stringMatching(/^Job 1001 is booked\.\n\n--\nTo stop automated/) },
    ]);
  });

  it('Job_SendText texts the job contact', async () => {
    h.sim.controls.clearMessages();
    const { step } = await startRun({
      id: 't',
      type: 'Job_SendText',
      params: { message: 'On our way to job {{ job.number }}' },
    });
    expect(h.sim.controls.messages('sms')).toMatchObject([
      { to: '+61411555201', message: 'On our way to job 1001', regardingJobUUID: JOB },
    ]);
    expect(step?.outcome).toBe('Sent the text message to +61411555201; it is in the job diary.');
  });

  it('JobClient_SendEmail emails the client contact', async () => {
    h.sim.controls.clearMessages();
    await startRun({
      id: 'ce',
      type: 'JobClient_SendEmail',
      params: { subject: 'Hello {{ client.name }}', body: 'Thanks.' },
    });
    expect(h.sim.controls.messages('email')).toMatchObject([
      { to: 'emma.ellis@example.net', subject: 'Hello Emma Ellis' },
    ]);
  });

  it('JobClient_SendText texts the client contact', async () => {
    h.sim.controls.clearMessages();
    await startRun({ id: 'ct', type: 'JobClient_SendText', params: { message: 'Hi {{ contact.first_name }}' } });
    expect(h.sim.controls.messages('sms')).toMatchObject([{ to: '+61411555201', message: 'Hi Emma' }]);
  });

  it('JobClient_CreateJob creates a job for the client', async () => {
    const before = h.sim.controls.records('job').length;
    const { step } = await startRun({
      id: 'cj',
      type: 'JobClient_CreateJob',
      params: { status: 'Quote', description: 'Follow-up visit after job {{ job.number }}' },
    });
    const created = h.sim.controls.records('job').slice(before);
    expect(created).toMatchObject([
      { company_uuid: companies.emmaEllis, status: 'Quote', job_description: 'Follow-up visit after job 1001' },
    ]);
    expect(step?.outcome).toBe(`Created job ${created[0]?.generated_job_id} for the client.`);
  });

  it('Job_SendAttachment attaches the uploaded file to the job and emails it', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobCategoryChanged',
      enabled: false,
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'placeholder' } }],
    });
    const form = new FormData();
    form.append(
      'file',
      new Blob([new TextEncoder().encode('%PDF-1.4 care guide')], { type: 'application/pdf' }),
      'care-guide.pdf',
    );
    const upload = await fetch(`${h.baseUrl}/api/vendor/${h.vendorId}/Trigger/${triggerId}/action/att/attachment`, {
      method: 'POST',
      headers: bearer(h.token),
      body: form,
    });
    expect(upload.status).toBe(201);
    const attachmentId = ((await upload.json()) as { data: { id: string } }).data.id;
    const saved = await h.app.inject({
      method: 'POST',
      url: `/api/vendor/${h.vendorId}/Trigger/${triggerId}`,
      headers: bearer(h.token),
      payload: {
        name: 'Care guide',
        event: 'JobCategoryChanged',
        targetKind: 'Job',
        enabled: true,
        actions: [
          {
            id: 'att',
            type: 'Job_SendAttachment',
            params: { attachmentId, subject: 'Your care guide', body: 'Attached, {{ contact.first_name }}.' },
          },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    h.sim.controls.clearMessages();
    flip = !flip;
    await h.change('job', JOB, { category_uuid: flip ? categories.drainage : categories.plumbing });
    const [run] = await h.settledRuns(triggerId, 1);
    const attachment = h.sim.controls
      .records('attachment')
      .find((a) => a.related_object_uuid === JOB && a.attachment_name === 'care-guide.pdf');
    expect(attachment).toMatchObject({ file_type: '.pdf' });
    expect(h.sim.controls.messages('email')).toMatchObject([
      { to: 'emma.ellis@example.net', subject: 'Your care guide', attachments: [attachment?.uuid] },
    ]);
    expect(run?.steps.find((s) => s.kind === 'Action')?.outcome).toBe(
      'Attached "care-guide.pdf" to job 1001 and emailed it to emma.ellis@example.net.',
    );
    await h.deleteTrigger(triggerId);
  });

  it('fails the run with a sentence when the client has no email address', async () => {
    const triggerId = await h.createTrigger({
      event: 'ClientIsCreated',
      targetKind: 'Client',
      actions: [{ id: 'ce', type: 'JobClient_SendEmail', params: { subject: 'Welcome', body: 'Hello' } }],
    });
    await h.change('company', undefined, { name: 'No Contacts Pty Ltd' });
    const [run] = await h.settledRuns(triggerId, 1);
    expect(run).toMatchObject({
      status: 'Failed',
      reason: 'Action 1, “Email the client”: The client has no contact with an email address.',
    });
    expect(run?.steps.find((s) => s.kind === 'Action')).toMatchObject({
      status: 'Failed',
      outcome: 'The client has no contact with an email address.',
    });
    await h.deleteTrigger(triggerId);
  });
});
