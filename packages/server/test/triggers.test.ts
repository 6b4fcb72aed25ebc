import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  AUTOMATION_ACTIONS,
  AUTOMATION_CONDITIONS,
  actionsFor,
  conditionsFor,
  ErrorBody,
  type SearchQueryInput,
  searchPage,
  successEnvelope,
  TRIGGER_EVENT_LABELS,
  TRIGGER_EVENTS,
  Trigger,
  TriggerAttachment,
  TriggerAttention,
  type TriggerDefinitionInput,
  type TriggerEvent,
  TriggerSummary,
  toSearchParams,
} from '@automate/contract';
import { VALID_ACTIONS, VALID_CONDITIONS } from '@automate/contract/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { automationEvents, triggerRuns } from '../src/modules/automation/automation.schema.ts';
import { emailTemplates } from '../src/modules/email-templates/email-templates.schema.ts';
import { replaceReferenceItems } from '../src/modules/servicem8/servicem8.repository.ts';
import { removeAbandonedAttachmentsJob } from '../src/modules/triggers/triggers.jobs.ts';
import { insertTriggerAttachment, listTriggerVersions } from '../src/modules/triggers/triggers.repository.ts';
import { triggerAttachments, triggers as triggersTable } from '../src/modules/triggers/triggers.schema.ts';
import { readTriggerAttachment } from '../src/modules/triggers/triggers.service.ts';
import { markVendorConnected } from '../src/modules/vendors/vendors.repository.ts';
import { bearer, createVendorTeam } from './support/factories.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
type Team = Awaited<ReturnType<typeof createVendorTeam>>;

beforeAll(async () => {
  services = await startTestServices();
});
afterAll(() => services.cleanup());

const OneTrigger = successEnvelope(Trigger);
const TriggerPage = successEnvelope(searchPage(TriggerSummary));
const OneAttachment = successEnvelope(TriggerAttachment);
const errorOf = (response: { json(): unknown }) => ErrorBody.parse(response.json());

const uuid = () => randomUUID();
const db = () => services.deps.database.db;

const base = (team: Team) => `/api/vendor/${team.vendor.id}/Trigger`;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  services.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

function definition(overrides: Partial<TriggerDefinitionInput> = {}): TriggerDefinitionInput {
  return {
    name: 'Quote follow-up',
    enabled: false,
    event: 'JobQuoteSent',
    targetKind: 'Job',
    actions: [{ id: 'a1', type: 'Job_AddNote', params: { text: 'Followed up on the quote.' } }],
    ...overrides,
  };
}

async function createTrigger(team: Team, overrides: Partial<TriggerDefinitionInput> = {}) {
  const response = await call('POST', base(team), team.userToken, definition(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return OneTrigger.parse(response.json()).data;
}

/** A team whose vendor is connected to ServiceM8, with some synced reference data. */
async function connectedTeam(name?: string) {
  const team = await createVendorTeam(services.deps, name);
  await markVendorConnected(db(), team.vendor.id, uuid());
  const ids = {
    vip: uuid(),
    retired: uuid(),
    queue: uuid(),
    siteForm: uuid(),
    safetyForm: uuid(),
    hazardField: uuid(),
    material: uuid(),
  };
  const now = services.clock.now();
  const sync = (
    kind: Parameters<typeof replaceReferenceItems>[2],
    items: Parameters<typeof replaceReferenceItems>[3],
  ) => replaceReferenceItems(db(), team.vendor.id, kind, items, now);
  await sync('badge', [
    { uuid: ids.vip, name: 'VIP', active: true, details: {} },
    { uuid: ids.retired, name: 'Retired promo', active: false, details: {} },
  ]);
  await sync('queue', [{ uuid: ids.queue, name: 'Follow up', active: true, details: {} }]);
  await sync('form', [
    { uuid: ids.siteForm, name: 'Site check', active: true, details: {} },
    { uuid: ids.safetyForm, name: 'Safety', active: true, details: {} },
  ]);
  await sync('formfield', [
    { uuid: ids.hazardField, name: 'Hazards', active: true, details: { formUuid: ids.safetyForm, sortOrder: 1 } },
  ]);
  await sync('material', [{ uuid: ids.material, name: 'Call-out fee', active: true, details: {} }]);
  return { ...team, ids };
}

async function insertEmailTemplate(vendorId: string): Promise<string> {
  const [row] = await db()
    .insert(emailTemplates)
    .values({ vendorId, name: 'Thanks', subject: 'Thanks', body: 'Thank you.' })
    .returning();
  if (!row) throw new Error('no template');
  return row.id;
}

function multipartFile(bytes: Buffer, filename: string, contentType: string) {
  const boundary = '----automate-trigger-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Uploads a file for an action of the trigger, or (`triggerId` null) of a trigger not saved yet. */
function upload(team: Team, triggerId: string | null, actionId: string, file: ReturnType<typeof multipartFile>) {
  return services.app.inject({
    method: 'POST',
    url: `${base(team)}${triggerId ? `/${triggerId}` : ''}/action/${actionId}/attachment`,
    payload: file.payload,
    headers: { ...bearer(team.userToken), ...file.headers },
  });
}

describe('creating, reading, changing and deleting a trigger', () => {
  it('keeps every version, and deletes the trigger with its runs', async () => {
    const team = await connectedTeam();
    const created = await createTrigger(team);
    expect(created).toMatchObject({ vendorId: team.vendor.id, version: 1, attachments: [] });
    expect(created.definition).toMatchObject({
      name: 'Quote follow-up',
      description: '',
      enabled: false,
      recheckBeforeRun: true,
      conditions: { combiner: 'And', items: [] },
    });

    const read = OneTrigger.parse((await call('GET', `${base(team)}/${created.id}`, team.userToken)).json()).data;
    expect(read).toEqual(created);

    const changed = await call(
      'POST',
      `${base(team)}/${created.id}`,
      team.userToken,
      definition({ name: 'Quote chaser', enabled: true, description: 'Three days later' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const v2 = OneTrigger.parse(changed.json()).data;
    expect(v2).toMatchObject({ id: created.id, version: 2 });
    expect(v2.definition).toMatchObject({ name: 'Quote chaser', enabled: true, description: 'Three days later' });

    const versions = await listTriggerVersions(db(), { vendorId: team.vendor.id, triggerId: created.id });
    expect(versions.map((v) => [v.version, v.definition.name, v.savedByUserId])).toEqual([
      [1, 'Quote follow-up', team.user.id],
      [2, 'Quote chaser', team.user.id],
    ]);

    const [event] = await db()
      .insert(automationEvents)
      .values({
        vendorId: team.vendor.id,
        event: 'JobQuoteSent',
        occurrenceKey: uuid(),
        source: 'webhook',
        occurredAt: services.clock.now(),
      })
      .returning();
    const now = services.clock.now();
    await db()
      .insert(triggerRuns)
      .values({
        vendorId: team.vendor.id,
        triggerId: created.id,
        triggerVersion: 2,
        eventId: event?.id ?? '',
        event: 'JobQuoteSent',
        status: 'Scheduled',
        dueAt: now,
        createdAt: now,
        updatedAt: now,
      });

    const deleted = await call('DELETE', `${base(team)}/${created.id}`, team.userToken);
    expect(deleted.statusCode).toBe(200);
    const gone = await call('GET', `${base(team)}/${created.id}`, team.userToken);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).message).toBe('The trigger was not found.');
    expect(await db().select().from(triggerRuns).where(eq(triggerRuns.triggerId, created.id))).toEqual([]);
    expect((await call('DELETE', `${base(team)}/${created.id}`, team.userToken)).statusCode).toBe(404);
  });

  it('names the field of an action that misses its required input', async () => {
    const team = await createVendorTeam(services.deps);
    const response = await call(
      'POST',
      base(team),
      team.userToken,
      definition({ actions: [{ id: 'a1', type: 'Job_AddNote', params: {} }] as never }),
    );
    expect(response.statusCode).toBe(400);
    const body = errorOf(response);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors ?? {})).toEqual(['actions.0.params.text']);
    expect(body.message).toBe('Action 1, Note: write the note.');
  });

  it('says each schema problem in the editor’s words, keyed by the path of its input', async () => {
    const team = await createVendorTeam(services.deps);
    const response = await call(
      'POST',
      base(team),
      team.userToken,
      definition({
        conditions: { combiner: 'And', items: [{ type: 'JobHasAllBadges', params: { badgeUuids: [] } }] },
        actions: [
          { id: 'a1', type: 'Job_AddNote', params: { text: 'Called' } },
          { id: 'a2', type: 'Job_AddNote', params: { text: 'Chased' } },
          { id: 'a3', type: 'JobClient_SendEmail', params: { emailTemplateId: '' } },
        ],
      } as never),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors).toEqual({
      'conditions.items.0.params.badgeUuids': ['Condition 1, Badges: choose at least one badge.'],
      'actions.2.params.emailTemplateId': ['Action 3, Email template: choose a template.'],
    });
    expect(errorOf(response).message).toBe(
      'The request has 2 problems: Condition 1, Badges: choose at least one badge. Action 3, Email template: choose a template.',
    );
  });

  it('names every schema problem of a change, and leaves the trigger as it was', async () => {
    const team = await createVendorTeam(services.deps);
    const created = await createTrigger(team);
    const response = await call('POST', `${base(team)}/${created.id}`, team.userToken, {
      ...definition(),
      name: '',
      event: 'JobExploded',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).errors ?? {}).sort()).toEqual(['event', 'name']);
    const read = OneTrigger.parse((await call('GET', `${base(team)}/${created.id}`, team.userToken)).json()).data;
    expect(read.version).toBe(1);
  });

  it('saves a trigger disabled while the vendor has no ServiceM8 connection, but does not enable it', async () => {
    const team = await createVendorTeam(services.deps);
    const created = await createTrigger(team, { enabled: false });
    const enable = await call('POST', `${base(team)}/${created.id}`, team.userToken, definition({ enabled: true }));
    expect(enable.statusCode).toBe(400);
    expect(errorOf(enable).errors).toEqual({
      enabled: ['Connect your ServiceM8 account before enabling a trigger; until then it can be saved disabled.'],
    });
  });

  it('ignores ids in the body: the path decides the vendor and the trigger', async () => {
    const team = await createVendorTeam(services.deps);
    const other = await createVendorTeam(services.deps);
    const response = await call('POST', base(team), team.userToken, {
      ...definition(),
      id: uuid(),
      vendorId: other.vendor.id,
      version: 40,
    });
    expect(response.statusCode).toBe(201);
    expect(OneTrigger.parse(response.json()).data).toMatchObject({ vendorId: team.vendor.id, version: 1 });
  });
});

describe('reference checks', () => {
  let team: Awaited<ReturnType<typeof connectedTeam>>;
  beforeAll(async () => {
    team = await connectedTeam();
  });

  const save = (overrides: Partial<TriggerDefinitionInput>) =>
    call('POST', base(team), team.userToken, definition({ enabled: true, ...overrides }));

  it('accepts synced, active records of the vendor', async () => {
    const template = await insertEmailTemplate(team.vendor.id);
    const response = await save({
      event: 'FormIsSubmitted',
      targetKind: 'Form',
      conditions: {
        combiner: 'And',
        items: [
          { type: 'JobHasBadge', params: { badgeUuid: team.ids.vip } },
          {
            type: 'FormFieldTextIncludes',
            params: { formUuid: team.ids.safetyForm, field: team.ids.hazardField, text: 'asbestos' },
          },
        ],
      },
      actions: [
        { id: 'a1', type: 'Job_AddToQueue', params: { queueUuid: team.ids.queue } },
        { id: 'a2', type: 'Job_AddService', params: { materialUuid: team.ids.material, quantity: 2 } },
        { id: 'a3', type: 'Job_SendEmail', params: { emailTemplateId: template } },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a badge that is not in the ServiceM8 account, naming the action and the field', async () => {
    const missing = uuid();
    const response = await save({
      actions: [
        { id: 'a1', type: 'Job_AddNote', params: { text: 'x' } },
        { id: 'a2', type: 'Job_AddBadge', params: { badgeUuid: missing } },
      ],
    });
    expect(response.statusCode).toBe(400);
    const body = errorOf(response);
    expect(body.code).toBe('VALIDATION_FAILED');
    const message = `Action 2, “Add a badge to the job”: the badge ${missing} is not in your ServiceM8 account (or it was deleted). Sync with ServiceM8 or pick another badge.`;
    expect(body.message).toBe(message);
    expect(body.errors).toEqual({ 'actions.1.params.badgeUuid': [message] });
  });

  it('refuses an inactive badge by its name', async () => {
    const response = await save({
      conditions: {
        combiner: 'And',
        items: [{ type: 'JobExcludesBadges', params: { badgeUuids: [team.ids.vip, team.ids.retired] } }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors).toEqual({
      'conditions.items.0.params.badgeUuids.1': [
        'Condition “Job has none of the badges”: the badge "Retired promo" is inactive in ServiceM8. Make it active in ServiceM8 and sync, or pick another badge.',
      ],
    });
  });

  it('refuses a field that is not in the named form', async () => {
    const response = await save({
      event: 'FormIsSubmitted',
      targetKind: 'Form',
      conditions: {
        combiner: 'And',
        items: [
          {
            type: 'FormFieldChoiceMatches',
            params: { formUuid: team.ids.siteForm, field: team.ids.hazardField, choice: 'Yes' },
          },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    const body = errorOf(response);
    expect(Object.keys(body.errors ?? {})).toEqual(['conditions.items.0.params.field']);
    expect(body.message).toContain('the field "Hazards" is not a field of the form "Site check"');
  });

  it("refuses another vendor's email template and another vendor's synced badge, listing both", async () => {
    const other = await connectedTeam();
    const theirTemplate = await insertEmailTemplate(other.vendor.id);
    const response = await save({
      actions: [
        { id: 'a1', type: 'JobClient_SendEmail', params: { emailTemplateId: theirTemplate } },
        { id: 'a2', type: 'Job_AddBadge', params: { badgeUuid: other.ids.vip } },
      ],
    });
    expect(response.statusCode).toBe(400);
    const body = errorOf(response);
    expect(Object.keys(body.errors ?? {})).toEqual(['actions.0.params.emailTemplateId', 'actions.1.params.badgeUuid']);
    expect(body.message).toMatch(/^The trigger has 2 problems: Action 1, “Email the client”: the email template/);
  });

  it('checks references of a disabled trigger whose vendor has no connection', async () => {
    const unconnected = await createVendorTeam(services.deps);
    const response = await call(
      'POST',
      base(unconnected),
      unconnected.userToken,
      definition({ actions: [{ id: 'a1', type: 'Job_AddBadge', params: { badgeUuid: team.ids.vip } }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).errors ?? {})).toEqual(['actions.0.params.badgeUuid']);
  });

  it('checks references on a change too', async () => {
    const created = await createTrigger(team);
    const response = await call(
      'POST',
      `${base(team)}/${created.id}`,
      team.userToken,
      definition({ actions: [{ id: 'a1', type: 'Job_AddToQueue', params: { queueUuid: uuid() } }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).errors ?? {})).toEqual(['actions.0.params.queueUuid']);
    const versions = await listTriggerVersions(db(), { vendorId: team.vendor.id, triggerId: created.id });
    expect(versions).toHaveLength(1);
  });
});

describe('searching triggers', () => {
  let team: Awaited<ReturnType<typeof connectedTeam>>;
  const ids: Record<string, string> = {};
  const search = (query: SearchQueryInput) =>
    services.app.inject({
      method: 'GET',
      url: `${base(team)}/search`,
      query: toSearchParams(query),
      headers: bearer(team.userToken),
    });
  const names = async (query: SearchQueryInput) => {
    const response = await search(query);
    expect(response.statusCode, response.body).toBe(200);
    return TriggerPage.parse(response.json()).data.rows.map((row) => row.name);
  };

  beforeAll(async () => {
    team = await connectedTeam();
    const other = await createVendorTeam(services.deps);
    await createTrigger(other, { name: 'Alpha (other vendor)' });
    for (const [name, overrides] of [
      ['Delta', { event: 'JobCompleted', enabled: true }],
      ['Alpha', { event: 'JobQuoteSent', description: 'First one' }],
      ['Charlie', { event: 'JobCompleted' }],
      [
        'Bravo',
        {
          event: 'ClientIsCreated',
          targetKind: 'Client',
          enabled: true,
          actions: [{ id: 'a1', type: 'JobClient_SendText', params: { message: 'Welcome!' } }],
        },
      ],
    ] satisfies Array<[string, Partial<TriggerDefinitionInput>]>) {
      services.clock.advance(1000);
      ids[name] = (await createTrigger(team, { name, ...overrides })).id;
    }
    // Runs: Charlie ran last, Alpha before it; Bravo and Delta never.
    for (const [name, minutesAgo] of [
      ['Alpha', 30],
      ['Charlie', 5],
      ['Alpha', 60],
    ] as const) {
      const at = new Date(services.clock.now().getTime() - minutesAgo * 60_000);
      const [event] = await db()
        .insert(automationEvents)
        .values({
          vendorId: team.vendor.id,
          event: 'JobCompleted',
          occurrenceKey: uuid(),
          source: 'webhook',
          occurredAt: at,
        })
        .returning();
      await db()
        .insert(triggerRuns)
        .values({
          vendorId: team.vendor.id,
          triggerId: ids[name] ?? '',
          triggerVersion: 1,
          eventId: event?.id ?? '',
          event: 'JobCompleted',
          status: 'Succeeded',
          dueAt: at,
          createdAt: at,
          updatedAt: at,
        });
    }
  });

  it("lists the vendor's own triggers by name, with their headline", async () => {
    const response = await search({});
    const page = TriggerPage.parse(response.json()).data;
    expect(page.total).toBe(4);
    expect(page.rows.map((row) => row.name)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(page.rows[0]).toMatchObject({
      id: ids.Alpha,
      description: 'First one',
      event: 'JobQuoteSent',
      enabled: false,
      version: 1,
      actionCount: 1,
    });
    expect(page.rows[0]?.lastRunAt).not.toBeNull();
    expect(page.rows[1]?.lastRunAt).toBeNull();
  });

  it('pages', async () => {
    const second = TriggerPage.parse((await search({ PageNumber: 2, PageSize: 3 })).json()).data;
    expect(second).toMatchObject({ total: 4, pageNumber: 2, pageSize: 3 });
    expect(second.rows.map((row) => row.name)).toEqual(['Delta']);
  });

  it('sorts by name, event, enabled, createdAt, updatedAt and lastRunAt', async () => {
    expect(await names({ SortBy: 'name', SortDir: 'Descending' })).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
    expect(await names({ SortBy: 'createdAt', SortDir: 'Ascending' })).toEqual(['Delta', 'Alpha', 'Charlie', 'Bravo']);
    expect(await names({ SortBy: 'updatedAt', SortDir: 'Descending' })).toEqual(['Bravo', 'Charlie', 'Alpha', 'Delta']);
    expect((await names({ SortBy: 'lastRunAt', SortDir: 'Descending' })).slice(-2)).toEqual(['Charlie', 'Alpha']);
    expect((await names({ SortBy: 'lastRunAt', SortDir: 'Ascending' })).slice(0, 2)).toEqual(['Alpha', 'Charlie']);
    expect((await names({ SortBy: 'enabled', SortDir: 'Descending' })).slice(0, 2).sort()).toEqual(['Bravo', 'Delta']);
    expect(await names({ SortBy: 'event', SortDir: 'Ascending' })).toHaveLength(4);
  });

  it('filters by name, event, enabled and dates', async () => {
    expect(await names({ Filters: [{ action: 'ILike', field: 'name', value: 'ha' }] })).toEqual(['Alpha', 'Charlie']);
    expect(await names({ Filters: [{ action: 'Eq', field: 'event', value: 'JobCompleted' }] })).toEqual([
      'Charlie',
      'Delta',
    ]);
    expect(await names({ Filters: [{ action: 'Eq', field: 'enabled', value: true }] })).toEqual(['Bravo', 'Delta']);
    const alpha = TriggerPage.parse((await search({})).json()).data.rows[0];
    expect(await names({ Filters: [{ action: 'Gt', field: 'updatedAt', value: alpha?.updatedAt ?? '' }] })).toEqual([
      'Bravo',
      'Charlie',
    ]);
    expect(await names({ Filters: [{ action: 'LtEq', field: 'createdAt', value: alpha?.createdAt ?? '' }] })).toEqual([
      'Alpha',
      'Delta',
    ]);
  });

  it('refuses a field it cannot sort or filter by, naming it', async () => {
    const sort = await search({ SortBy: 'definition' });
    expect(sort.statusCode).toBe(400);
    expect(errorOf(sort).message).toContain('You cannot sort triggers by "definition"');
    const filter = await search({ Filters: [{ action: 'Eq', field: 'lastRunAt', value: null }] });
    expect(filter.statusCode).toBe(400);
    expect(errorOf(filter).message).toContain('You cannot filter triggers by "lastRunAt"');
    const badEvent = await search({ Filters: [{ action: 'Eq', field: 'event', value: 'Nope' }] });
    expect(badEvent.statusCode).toBe(400);
  });
});

describe('attachments', () => {
  let team: Awaited<ReturnType<typeof connectedTeam>>;
  let triggerId: string;
  beforeAll(async () => {
    team = await connectedTeam();
    triggerId = (await createTrigger(team)).id;
  });

  const sendAttachmentAction = (attachmentId: string) => ({
    id: 'send',
    type: 'Job_SendAttachment' as const,
    params: { attachmentId, subject: 'Your brochure', body: 'Attached is our brochure.' },
  });

  it('stores a file for a new Job_SendAttachment action, which can then be saved, and the engine can read it', async () => {
    const response = await upload(team, triggerId, 'send', multipartFile(PDF, 'brochure.pdf', 'application/pdf'));
    expect(response.statusCode, response.body).toBe(201);
    const attachment = OneAttachment.parse(response.json()).data;
    expect(attachment).toMatchObject({
      actionId: 'send',
      fileName: 'brochure.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });

    const saved = await call(
      'POST',
      `${base(team)}/${triggerId}`,
      team.userToken,
      definition({ actions: [sendAttachmentAction(attachment.id)] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(OneTrigger.parse(saved.json()).data.attachments).toEqual([attachment]);
    const read = OneTrigger.parse((await call('GET', `${base(team)}/${triggerId}`, team.userToken)).json()).data;
    expect(read.attachments).toEqual([attachment]);

    const file = await readTriggerAttachment(services.deps, team.vendor.id, attachment.id);
    expect(file?.fileName).toBe('brochure.pdf');
    expect(Buffer.from(file?.bytes ?? []).equals(PDF)).toBe(true);
    const other = await createVendorTeam(services.deps);
    expect(await readTriggerAttachment(services.deps, other.vendor.id, attachment.id)).toBeNull();
    expect(await readTriggerAttachment(services.deps, team.vendor.id, 'not-an-id')).toBeNull();

    // Used: it cannot be deleted until the action no longer names it.
    const url = `${base(team)}/${triggerId}/action/send/attachment/${attachment.id}`;
    const refused = await call('DELETE', url, team.userToken);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(
      'The file "brochure.pdf" is still used by Action 1, “Email a file to the job contact”. Choose another file for that action, or remove the action, and save the trigger first.',
    );
    expect(
      (await call('DELETE', `${base(team)}/${triggerId}/action/other/attachment/${attachment.id}`, team.userToken))
        .statusCode,
    ).toBe(404);

    await call('POST', `${base(team)}/${triggerId}`, team.userToken, definition());
    const deleted = await call('DELETE', url, team.userToken);
    expect(deleted.statusCode).toBe(200);
    const after = OneTrigger.parse((await call('GET', `${base(team)}/${triggerId}`, team.userToken)).json()).data;
    expect(after.attachments).toEqual([]);
    expect((await call('DELETE', url, team.userToken)).statusCode).toBe(404);
  });

  /** Uploads a PDF for a trigger not saved yet; answers the pending file. */
  const uploadPending = async (fileName: string) =>
    OneAttachment.parse((await upload(team, null, 'send', multipartFile(PDF, fileName, 'application/pdf'))).json())
      .data;
  /** Creates a trigger whose one action emails `attachmentId`. */
  const createSending = (name: string, attachmentId: string) =>
    call('POST', base(team), team.userToken, definition({ name, actions: [sendAttachmentAction(attachmentId)] }));
  const NOT_UPLOADED = /the file .* was not uploaded for this trigger/;

  it('takes a file for a trigger not saved yet, which the new trigger then owns', async () => {
    const attachment = await uploadPending('price-list.pdf');
    const created = await createSending('Price list', attachment.id);
    expect(created.statusCode, created.body).toBe(201);
    expect(OneTrigger.parse(created.json()).data.attachments).toEqual([attachment]);
    expect((await readTriggerAttachment(services.deps, team.vendor.id, attachment.id))?.fileName).toBe(
      'price-list.pdf',
    );

    // Now the trigger's: another new trigger cannot take it.
    const second = await createSending('Copycat', attachment.id);
    expect(second.statusCode).toBe(400);
    expect(errorOf(second).message).toMatch(NOT_UPLOADED);
  });

  it('replaces or removes a file of a trigger not saved yet, and forgets one not saved within 24 hours', async () => {
    const first = await uploadPending('old.pdf');
    const pendingUrl = `${base(team)}/action/send/attachment/${first.id}`;
    const removed = await call('DELETE', pendingUrl, team.userToken);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('DELETE', pendingUrl, team.userToken)).statusCode).toBe(404);

    const late = await uploadPending('late.pdf');
    services.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const saved = await createSending('Too late', late.id);
    expect(saved.statusCode).toBe(400);
    expect(errorOf(saved).message).toMatch(NOT_UPLOADED);
  });

  it('refuses a file for an action of another type', async () => {
    const response = await upload(team, triggerId, 'a1', multipartFile(PDF, 'brochure.pdf', 'application/pdf'));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(
      'Action 1, “Add a note to the job” does not send a file; files can only be added to “Email a file to the job contact”.',
    );
  });

  it('refuses types it cannot attach, files that are not what they say, and empty files', async () => {
    const exe = await upload(
      team,
      triggerId,
      'send',
      multipartFile(Buffer.from('MZ...'), 'setup.exe', 'application/x-msdownload'),
    );
    expect(exe.statusCode).toBe(400);
    expect(errorOf(exe).message).toBe(
      'Files of type application/x-msdownload cannot be attached; use PDF, images, text, Word or Excel files.',
    );
    const fake = await upload(
      team,
      triggerId,
      'send',
      multipartFile(Buffer.from('<html>'), 'quote.pdf', 'application/pdf'),
    );
    expect(fake.statusCode).toBe(400);
    expect(errorOf(fake).message).toContain('its content is not');
    const empty = await upload(team, triggerId, 'send', multipartFile(Buffer.alloc(0), 'notes.txt', 'text/plain'));
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe('The file is empty.');
  });

  it('takes the type from the extension when the upload does not say', async () => {
    const response = await upload(
      team,
      triggerId,
      'send',
      multipartFile(Buffer.from('a,b\n1,2\n'), 'C:\\Users\\ada\\prices.csv', 'application/octet-stream'),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(OneAttachment.parse(response.json()).data).toMatchObject({
      fileName: 'prices.csv',
      contentType: 'text/csv',
    });
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const response = await upload(team, triggerId, 'send', multipartFile(big, 'big.pdf', 'application/pdf'));
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).message).toBe('The file is larger than 10 MB.');
  });

  it('refuses an upload that is not multipart', async () => {
    const response = await call('POST', `${base(team)}/${triggerId}/action/send/attachment`, team.userToken, {
      file: 'x',
    });
    expect(response.statusCode).toBe(415);
  });

  it("refuses a definition naming another trigger's file", async () => {
    const otherTrigger = await createTrigger(team, { name: 'Other' });
    const stored = OneAttachment.parse(
      (await upload(team, otherTrigger.id, 'send', multipartFile(PDF, 'x.pdf', 'application/pdf'))).json(),
    ).data;
    const response = await call(
      'POST',
      `${base(team)}/${triggerId}`,
      team.userToken,
      definition({ actions: [sendAttachmentAction(stored.id)] }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).errors ?? {})).toEqual(['actions.0.params.attachmentId']);
    const create = await call(
      'POST',
      base(team),
      team.userToken,
      definition({ actions: [sendAttachmentAction(stored.id)] }),
    );
    expect(create.statusCode).toBe(400);
  });
});

describe('the disk space attachments take', () => {
  let team: Awaited<ReturnType<typeof connectedTeam>>;
  beforeAll(async () => {
    team = await connectedTeam();
  });

  const uploads = () => path.join(services.dataDir, 'uploads');
  const uploadPdf = async (triggerId: string | null, bytes = PDF) => {
    const response = await upload(team, triggerId, 'send', multipartFile(bytes, 'flyer.pdf', 'application/pdf'));
    expect(response.statusCode, response.body).toBe(201);
    return OneAttachment.parse(response.json()).data;
  };
  /** Where the attachment's bytes are on disk. */
  const fileOf = async (attachmentId: string) => {
    const [row] = await db().select().from(triggerAttachments).where(eq(triggerAttachments.id, attachmentId));
    if (!row) throw new Error(`no attachment ${attachmentId}`);
    return path.join(uploads(), row.storageName);
  };

  it('frees the bytes of an attachment deleted, of a pending file removed, and of a trigger deleted', async () => {
    const trigger = await createTrigger(team, { name: 'Flyers' });
    const first = await uploadPdf(trigger.id);
    const removed = await fileOf(first.id);
    const pending = await uploadPdf(null);
    const pendingFile = await fileOf(pending.id);
    const kept = await uploadPdf(trigger.id);
    const keptFile = await fileOf(kept.id);
    expect([fs.existsSync(removed), fs.existsSync(pendingFile), fs.existsSync(keptFile)]).toEqual([true, true, true]);

    const url = `${base(team)}/${trigger.id}/action/send/attachment/${first.id}`;
    expect((await call('DELETE', url, team.userToken)).statusCode).toBe(200);
    expect(fs.existsSync(removed)).toBe(false);

    const pendingUrl = `${base(team)}/action/send/attachment/${pending.id}`;
    expect((await call('DELETE', pendingUrl, team.userToken)).statusCode).toBe(200);
    expect(fs.existsSync(pendingFile)).toBe(false);

    expect((await call('DELETE', `${base(team)}/${trigger.id}`, team.userToken)).statusCode).toBe(200);
    expect(fs.existsSync(keptFile)).toBe(false);
  });

  it('lets the nightly clean-up remove files of triggers never saved, and files no attachment names', async () => {
    const abandoned = await fileOf((await uploadPdf(null)).id);
    const claimed = await uploadPdf(null);
    const claimedFile = await fileOf(claimed.id);
    const saved = await call(
      'POST',
      base(team),
      team.userToken,
      definition({
        name: 'Claims its file',
        actions: [
          {
            id: 'send',
            type: 'Job_SendAttachment',
            params: { attachmentId: claimed.id, subject: 'Flyer', body: 'Attached.' },
          },
        ],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    services.clock.advance(24 * 60 * 60 * 1000 + 1000);

    // Files nothing names: one left a day ago, one being uploaded now (its row is still to come).
    const now = services.clock.now();
    const left = path.join(uploads(), `trigger-attachment-${uuid()}`);
    const underWay = path.join(uploads(), `trigger-attachment-${uuid()}`);
    const image = path.join(uploads(), `article-${uuid()}-0a1b2c.png`);
    for (const file of [left, underWay, image]) fs.writeFileSync(file, PDF);
    const dayAndMore = new Date(now.getTime() - 25 * 60 * 60 * 1000);
    fs.utimesSync(left, dayAndMore, dayAndMore);
    fs.utimesSync(image, dayAndMore, dayAndMore);
    fs.utimesSync(underWay, now, now);

    const context = {
      deps: services.deps,
      log: services.deps.logger,
      jobId: 'nightly',
      workerId: 'test',
      retryCount: 0,
    };
    const result = await removeAbandonedAttachmentsJob.handle({}, context);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(result.unnamed).toBeGreaterThanOrEqual(1);
    expect({
      abandoned: fs.existsSync(abandoned),
      claimed: fs.existsSync(claimedFile),
      left: fs.existsSync(left),
      underWay: fs.existsSync(underWay),
      image: fs.existsSync(image),
    }).toEqual({ abandoned: false, claimed: true, left: false, underWay: true, image: true });
    expect((await readTriggerAttachment(services.deps, team.vendor.id, claimed.id))?.fileName).toBe('flyer.pdf');
  });

  it('refuses an upload past the business’s 100 MB of files with 413, saying what is used, storing nothing', async () => {
    const crowded = await connectedTeam('Crowded Cooling');
    const MB = 1024 * 1024;
    const stored = (values: { size: number; expiresAt: Date | null }) =>
      insertTriggerAttachment(db(), {
        vendorId: crowded.vendor.id,
        triggerId: null,
        actionId: 'send',
        fileName: 'catalogue.pdf',
        contentType: 'application/pdf',
        storageName: `trigger-attachment-${uuid()}`,
        ...values,
      });
    const now = services.clock.now().getTime();
    await stored({ size: 95 * MB, expiresAt: new Date(now + 60_000) });
    // A pending file past its 24 hours counts as gone.
    await stored({ size: 50 * MB, expiresAt: new Date(now - 60_000) });
    const pdfOf = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(bytes - PDF.length, 0x20)]);
    const filesBefore = fs.readdirSync(uploads()).length;

    const refused = await upload(crowded, null, 'send', multipartFile(pdfOf(6 * MB), 'big.pdf', 'application/pdf'));
    expect(refused.statusCode).toBe(413);
    expect(errorOf(refused).message).toBe(
      'Your files may take 100 MB in all and take 95 MB now, so this one (6 MB) does not fit. Delete files your triggers no longer use, then upload it again.',
    );
    expect(fs.readdirSync(uploads()).length).toBe(filesBefore);

    const fits = await upload(crowded, null, 'send', multipartFile(pdfOf(4 * MB), 'fits.pdf', 'application/pdf'));
    expect(fits.statusCode, fits.body).toBe(201);
    const full = await upload(crowded, null, 'send', multipartFile(pdfOf(2 * MB), 'more.pdf', 'application/pdf'));
    expect(errorOf(full).message).toMatch(
      /^Your files may take 100 MB in all and take 99 MB now, so this one \(2 MB\)/,
    );
    // Another business has its own 100 MB.
    expect(
      (await upload(team, null, 'send', multipartFile(pdfOf(2 * MB), 'b.pdf', 'application/pdf'))).statusCode,
    ).toBe(201);
  });
});

describe("another vendor's objects", () => {
  it('answer 404 under one’s own vendor, and stay as they were', async () => {
    const a = await connectedTeam('Alpha Air');
    const b = await connectedTeam('Bravo Boilers');
    const theirs = await createTrigger(b, { name: 'Bravo secret' });
    const stored = OneAttachment.parse(
      (await upload(b, theirs.id, 'send', multipartFile(PDF, 'b.pdf', 'application/pdf'))).json(),
    ).data;
    const mine = `/api/vendor/${a.vendor.id}/Trigger`;

    const attempts = [
      await call('GET', `${mine}/${theirs.id}`, a.adminToken),
      await call('POST', `${mine}/${theirs.id}`, a.adminToken, definition({ name: 'Hijacked' })),
      await call('DELETE', `${mine}/${theirs.id}`, a.adminToken),
      await call('GET', `${mine}/${theirs.id}/runs`, a.adminToken),
      await upload(
        { ...a, userToken: a.adminToken },
        theirs.id,
        'send',
        multipartFile(PDF, 'a.pdf', 'application/pdf'),
      ),
      await call('DELETE', `${mine}/${theirs.id}/action/send/attachment/${stored.id}`, a.adminToken),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain('Bravo');
    }
    // A trigger of A cannot reach B's attachment either.
    const own = await createTrigger(a);
    expect(
      (await call('DELETE', `${mine}/${own.id}/action/send/attachment/${stored.id}`, a.adminToken)).statusCode,
    ).toBe(404);

    const still = OneTrigger.parse((await call('GET', `${base(b)}/${theirs.id}`, b.userToken)).json()).data;
    expect(still.definition.name).toBe('Bravo secret');
    expect(still.version).toBe(1);
    expect(still.attachments.map((row) => row.id)).toEqual([stored.id]);
    expect(await db().select().from(triggerAttachments).where(eq(triggerAttachments.triggerId, own.id))).toEqual([]);
    const list = TriggerPage.parse((await call('GET', `${mine}/search`, a.adminToken)).json()).data;
    expect(list.rows.map((row) => row.id)).toEqual([own.id]);
  });
});

describe('what each event allows', () => {
  const ref = uuid();
  const everything = (event: TriggerEvent): TriggerDefinitionInput =>
    definition({
      event,
      conditions: {
        combiner: 'And',
        items: AUTOMATION_CONDITIONS.map((type) => ({ type, params: VALID_CONDITIONS[type] })) as never,
      },
      actions: AUTOMATION_ACTIONS.map((type, index) => ({
        id: `a${index}`,
        type,
        params: VALID_ACTIONS[type],
      })) as never,
    });

  it.each(TRIGGER_EVENTS)(
    '%s: refuses exactly the conditions and actions the event cannot give a value to',
    async (event) => {
      const team = await createVendorTeam(services.deps);
      const response = await call('POST', base(team), team.userToken, everything(event));
      expect(response.statusCode).toBe(400);
      const errors = errorOf(response).errors ?? {};
      const refusedForEvent = Object.entries(errors)
        .filter(([, messages]) =>
          messages.some((message) => message.includes(`“${TRIGGER_EVENT_LABELS[event]}” has none`)),
        )
        .map(([path]) => path)
        .sort();
      const offeredConditions = conditionsFor(event);
      const offeredActions = actionsFor(event);
      const expected = [
        ...AUTOMATION_CONDITIONS.flatMap((type, index) =>
          offeredConditions.includes(type) ? [] : [`conditions.items.${index}`],
        ),
        ...AUTOMATION_ACTIONS.flatMap((type, index) => (offeredActions.includes(type) ? [] : [`actions.${index}`])),
      ].sort();
      expect(refusedForEvent).toEqual(expected);
    },
  );

  it('names the action and the event in the words the editor uses', async () => {
    const team = await createVendorTeam(services.deps);
    const response = await call(
      'POST',
      base(team),
      team.userToken,
      definition({
        event: 'ClientIsCreated',
        targetKind: 'Client',
        actions: [
          { id: 'welcome', type: 'JobClient_SendEmail', params: { subject: 'Welcome', body: 'Hi {{ client.name }}' } },
          { id: 'badge', type: 'Job_AddBadge', params: { badgeUuid: ref } },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors).toEqual({
      'actions.1': [
        'Action 2, “Add a badge to the job” needs a job, and “A client is created” has none: remove the action or choose another event.',
      ],
    });
  });

  it('refuses a merge field that does not exist, or that the event leaves empty, suggesting the one meant', async () => {
    const team = await createVendorTeam(services.deps);
    const unknown = await call(
      'POST',
      base(team),
      team.userToken,
      definition({ actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Job {{ job.generated_job_id }}' } }] }),
    );
    expect(errorOf(unknown).errors).toEqual({
      'actions.0.params.text': [
        'Action 1, “Add a note to the job”, Note: {{ job.generated_job_id }} is not a merge field. Did you mean {{ job.number }}?',
      ],
    });

    const empty = await call(
      'POST',
      base(team),
      team.userToken,
      definition({
        event: 'ClientIsCreated',
        targetKind: 'Client',
        actions: [{ id: 't', type: 'JobClient_SendText', params: { message: 'Job {{ job.number }} is booked' } }],
      }),
    );
    expect(errorOf(empty).errors).toEqual({
      'actions.0.params.message': [
        'Action 1, “Text the client”, Message: {{ job.number }} would always be empty: “A client is created” has no job.',
      ],
    });

    const broken = await call(
      'POST',
      base(team),
      team.userToken,
      definition({ actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Job {{ job.number ' } }] }),
    );
    expect(errorOf(broken).errors?.['actions.0.params.text']?.[0]).toMatch(
      /^Action 1, “Add a note to the job”, Note: The text has a template error: /,
    );
  });

  it('lists saved triggers that break their event’s rules as needing attention, without changing them', async () => {
    const team = await createVendorTeam(services.deps);
    const fine = await createTrigger(team, { name: 'Fine' });
    const broken = await createTrigger(team, { name: 'Welcome note' });
    // Saved before the rules were checked: a job note on a client event.
    await db()
      .update(triggersTable)
      .set({ definition: { ...broken.definition, event: 'ClientIsCreated', targetKind: 'Client' } })
      .where(eq(triggersTable.id, broken.id));

    const response = await call('GET', `${base(team)}/attention`, team.userToken);
    expect(response.statusCode).toBe(200);
    expect(successEnvelope(z.array(TriggerAttention)).parse(response.json()).data).toEqual([
      {
        id: broken.id,
        name: 'Welcome note',
        enabled: false,
        problems: [
          'Action 1, “Add a note to the job” needs a job, and “A client is created” has none: remove the action or choose another event.',
        ],
      },
    ]);
    expect(
      OneTrigger.parse((await call('GET', `${base(team)}/${broken.id}`, team.userToken)).json()).data.version,
    ).toBe(1);
    expect(fine.id).not.toBe(broken.id);
  });
});
