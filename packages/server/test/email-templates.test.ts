import { randomUUID } from 'node:crypto';
import { EmailTemplate, ErrorBody, MERGE_FIELDS, successEnvelope, TriggerDefinition } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { triggers } from '../src/modules/triggers/triggers.schema.ts';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let superToken: string;

beforeAll(async () => {
  services = await startTestServices();
  superToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(() => services.cleanup());

type Team = Awaited<ReturnType<typeof createVendorTeam>>;

const OneTemplate = successEnvelope(EmailTemplate);
const TemplateList = successEnvelope(z.array(EmailTemplate));
const errorOf = (response: { json(): unknown }) => ErrorBody.parse(response.json());
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  services.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const base = (team: Team) => `/api/Vendor/${team.vendor.id}/email/templates`;
const sample = (name: string) => ({
  name,
  subject: 'Job {{ job.number }} is booked',
  body: 'Hi {{ contact.first_name | default: "there" }},\n\nWe will be at {{ job.address }} on {{ job.date }}.\n\n{{ vendor.name }}',
});

async function createTemplate(team: Team, name: string) {
  const response = await call('POST', base(team), team.adminToken, sample(name));
  expect(response.statusCode, response.body).toBe(201);
  return OneTemplate.parse(response.json()).data;
}

/** A trigger row as the trigger API would store it, with a send-email action using the template. */
async function insertTriggerUsing(team: Team, name: string, emailTemplateId: string) {
  const definition = TriggerDefinition.parse({
    name,
    enabled: true,
    event: 'JobCompleted',
    targetKind: 'Job',
    actions: [
      { id: 'badge', type: 'Job_AddBadge', params: { badgeUuid: randomUUID() } },
      { id: 'thanks', type: 'JobClient_SendEmail', params: { emailTemplateId } },
    ],
  });
  await services.deps.database.db
    .insert(triggers)
    .values({ vendorId: team.vendor.id, name, event: definition.event, enabled: true, definition });
}

describe('email templates', () => {
  it('creates, lists by name, reads, changes and deletes a template', async () => {
    const team = await createVendorTeam(services.deps);
    const created = await call('POST', base(team), team.adminToken, sample('  Thank you  '));
    expect(created.statusCode, created.body).toBe(201);
    const template = OneTemplate.parse(created.json()).data;
    expect(template).toMatchObject({ vendorId: team.vendor.id, name: 'Thank you', subject: sample('').subject });
    expect(template.createdAt).toBe(template.updatedAt);
    await createTemplate(team, 'booking confirmation');
    await createTemplate(team, 'Arrival');

    const listed = TemplateList.parse((await call('GET', `${base(team)}/fetch`, team.userToken)).json()).data;
    expect(listed.map((row) => row.name)).toEqual(['Arrival', 'booking confirmation', 'Thank you']);

    const read = await call('GET', `${base(team)}/${template.id}`, team.userToken);
    expect(OneTemplate.parse(read.json()).data).toEqual(template);

    services.clock.advance(60_000);
    const changed = await call('POST', `${base(team)}/${template.id}`, team.adminToken, {
      name: 'Thanks',
      subject: 'Thanks, {{ client.name }}',
      body: 'Your invoice total is {{ job.total }}.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe('Saved.');
    const saved = OneTemplate.parse(changed.json()).data;
    expect(saved).toMatchObject({ id: template.id, name: 'Thanks', subject: 'Thanks, {{ client.name }}' });
    expect(saved.createdAt).toBe(template.createdAt);
    expect(Date.parse(saved.updatedAt)).toBeGreaterThan(Date.parse(template.updatedAt));

    const deleted = await call('DELETE', `${base(team)}/${template.id}`, team.adminToken);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, data: null, message: 'Deleted.' });
    const gone = await call('GET', `${base(team)}/${template.id}`, team.userToken);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).message).toBe('The email template was not found.');
    const after = TemplateList.parse((await call('GET', `${base(team)}/fetch`, team.adminToken)).json()).data;
    expect(after.map((row) => row.name)).toEqual(['Arrival', 'booking confirmation']);
  });

  it('answers an empty list for a vendor without templates', async () => {
    const team = await createVendorTeam(services.deps);
    const listed = await call('GET', `${base(team)}/fetch`, team.userToken);
    expect(TemplateList.parse(listed.json()).data).toEqual([]);
  });

  it('accepts every merge field', async () => {
    const team = await createVendorTeam(services.deps);
    const body = MERGE_FIELDS.map((field) => `${field.description}: {{ ${field.name} }}`).join('\n');
    const response = await call('POST', base(team), team.adminToken, { name: 'All', subject: 'All', body });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('ignores any body sent with the DELETE', async () => {
    const team = await createVendorTeam(services.deps);
    const withJson = await createTemplate(team, 'One');
    const withEmptyJson = await createTemplate(team, 'Two');
    const withText = await createTemplate(team, 'Three');
    const url = (id: string) => `${base(team)}/${id}`;
    const headers = bearer(team.adminToken);
    const responses = [
      await services.app.inject({ method: 'DELETE', url: url(withJson.id), headers, payload: { id: randomUUID() } }),
      await services.app.inject({
        method: 'DELETE',
        url: url(withEmptyJson.id),
        headers: { ...headers, 'content-type': 'application/json' },
      }),
      await services.app.inject({
        method: 'DELETE',
        url: url(withText.id),
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        payload: 'not json {',
      }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(TemplateList.parse((await call('GET', `${base(team)}/fetch`, team.adminToken)).json()).data).toEqual([]);
  });
});

describe('email template rules', () => {
  it('refuses an unknown merge field in the body or the subject, naming the field', async () => {
    const team = await createVendorTeam(services.deps);
    const inBody = await call('POST', base(team), team.adminToken, { ...sample('Typo'), body: 'Job {{ job.nubmer }}' });
    expect(inBody.statusCode).toBe(400);
    const sentence = 'Body: {{ job.nubmer }} is not a merge field. Did you mean {{ job.number }}?';
    expect(errorOf(inBody)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: sentence,
      errors: { body: [sentence] },
    });

    const inSubject = await call('POST', base(team), team.adminToken, {
      ...sample('Typo'),
      subject: 'Hi {{ customer.name }}',
    });
    expect(inSubject.statusCode).toBe(400);
    expect(errorOf(inSubject).errors?.subject?.[0]).toBe(
      'Subject: {{ customer.name }} is not a merge field. Did you mean {{ client.name }}?',
    );
    expect(TemplateList.parse((await call('GET', `${base(team)}/fetch`, team.adminToken)).json()).data).toEqual([]);
  });

  it('refuses a text that does not parse, or includes a file', async () => {
    const team = await createVendorTeam(services.deps);
    const broken = await call('POST', base(team), team.adminToken, { ...sample('Broken'), body: 'Job {{ job.number' });
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken).errors?.body?.[0]).toMatch(/^Body: The text has a template error: /);
    const include = await call('POST', base(team), team.adminToken, {
      ...sample('Include'),
      body: '{% include "package.json" %}',
    });
    expect(include.statusCode).toBe(400);
    expect(errorOf(include).message).toMatch(/^Body: The text has a template error: \{% include %\} cannot be used/);
  });

  it('answers the contract sentences for missing and overlong fields', async () => {
    const team = await createVendorTeam(services.deps);
    const empty = await call('POST', base(team), team.adminToken, { name: ' ', subject: 'S', body: 'B' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).errors?.name).toEqual(['Name: give the template a name.']);
    const long = await call('POST', base(team), team.adminToken, { name: 'x'.repeat(101), subject: 'S' });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).errors).toMatchObject({
      name: ['Name: use at most 100 characters.'],
      body: ['Body: write the email.'],
    });
  });

  it('keeps names unique per vendor, ignoring case', async () => {
    const team = await createVendorTeam(services.deps);
    const other = await createVendorTeam(services.deps);
    const first = await createTemplate(team, 'Follow up');
    const second = await createTemplate(team, 'Reminder');

    const duplicate = await call('POST', base(team), team.adminToken, sample('FOLLOW UP'));
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate)).toMatchObject({
      code: 'CONFLICT',
      message: 'An email template named "FOLLOW UP" already exists.',
    });

    const renamed = await call('POST', `${base(team)}/${second.id}`, team.adminToken, sample('follow up'));
    expect(renamed.statusCode).toBe(409);
    expect(errorOf(renamed).message).toBe('An email template named "follow up" already exists.');

    const sameName = await call('POST', `${base(team)}/${first.id}`, team.adminToken, sample('FOLLOW-UP'));
    expect(sameName.statusCode).toBe(200);
    const recased = await call('POST', `${base(team)}/${first.id}`, team.adminToken, sample('Follow Up'));
    expect(recased.statusCode, recased.body).toBe(200);

    expect((await call('POST', base(other), other.adminToken, sample('Follow Up'))).statusCode).toBe(201);
  });

  it('refuses to delete a template a trigger sends, naming the trigger', async () => {
    const team = await createVendorTeam(services.deps);
    const used = await createTemplate(team, 'Thanks for your business');
    const unused = await createTemplate(team, 'Spare');
    await insertTriggerUsing(team, 'Thank the client', used.id);

    const refused = await call('DELETE', `${base(team)}/${used.id}`, team.adminToken);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'CONFLICT',
      message: 'The email template is used by the trigger "Thank the client"; choose another template there first.',
    });
    expect((await call('GET', `${base(team)}/${used.id}`, team.userToken)).statusCode).toBe(200);

    expect((await call('DELETE', `${base(team)}/${unused.id}`, team.adminToken)).statusCode).toBe(200);
  });

  it("is not held up by another vendor's trigger naming the same id", async () => {
    const team = await createVendorTeam(services.deps);
    const other = await createVendorTeam(services.deps);
    const template = await createTemplate(team, 'Mine');
    await insertTriggerUsing(other, 'Not yours', template.id);
    expect((await call('DELETE', `${base(team)}/${template.id}`, team.adminToken)).statusCode).toBe(200);
  });
});

describe('who may use email templates', () => {
  it('lets a User read but not change; a super admin may do everything', async () => {
    const team = await createVendorTeam(services.deps, 'Hotel Heating');
    const template = await createTemplate(team, 'Booked');
    const url = `${base(team)}/${template.id}`;

    expect((await call('GET', `${base(team)}/fetch`, team.userToken)).statusCode).toBe(200);
    expect((await call('GET', url, team.userToken)).statusCode).toBe(200);
    for (const [method, target, payload] of [
      ['POST', base(team), sample('Nope')],
      ['POST', url, sample('Nope')],
      ['DELETE', url, undefined],
    ] as const) {
      const response = await call(method, target, team.userToken, payload);
      expect(response.statusCode, `${method} ${target}`).toBe(403);
      expect(errorOf(response).message).toBe('Only Admins of Hotel Heating can do this.');
    }

    const bySuper = await call('POST', url, superToken, sample('Booked by support'));
    expect(bySuper.statusCode, bySuper.body).toBe(200);
    expect((await call('DELETE', url, superToken)).statusCode).toBe(200);
  });

  it("answers 404 for another vendor's template under one's own vendor", async () => {
    const team = await createVendorTeam(services.deps);
    const other = await createVendorTeam(services.deps);
    const theirs = await createTemplate(other, 'Theirs');
    const url = `${base(team)}/${theirs.id}`;
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', sample('Stolen')],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, url, team.adminToken, payload);
      expect(response.statusCode, method).toBe(404);
      expect(errorOf(response).message).toBe('The email template was not found.');
    }
    const stillThere = await call('GET', `${base(other)}/${theirs.id}`, other.adminToken);
    expect(OneTemplate.parse(stillThere.json()).data.name).toBe('Theirs');
    const list = TemplateList.parse((await call('GET', `${base(team)}/fetch`, team.adminToken)).json()).data;
    expect(list).toEqual([]);
  });

  it("answers 404 for another vendor's templates list, and 400 for an id that is not an id", async () => {
    const team = await createVendorTeam(services.deps);
    const other = await createVendorTeam(services.deps);
    await createTemplate(other, 'Private');
    const list = await call('GET', `${base(other)}/fetch`, team.adminToken);
    expect(list.statusCode).toBe(404);
    expect(list.body).not.toContain('Private');
    const bad = await call('GET', `${base(team)}/not-an-id`, team.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe('templateId is not a valid id.');
  });

  it('ignores a vendorId or id in the body', async () => {
    const team = await createVendorTeam(services.deps);
    const other = await createVendorTeam(services.deps);
    const id = randomUUID();
    const response = await call('POST', base(team), team.adminToken, {
      ...sample('Sneaky'),
      id,
      vendorId: other.vendor.id,
    });
    expect(response.statusCode).toBe(201);
    expect(OneTemplate.parse(response.json()).data).toMatchObject({ vendorId: team.vendor.id });
    expect(OneTemplate.parse(response.json()).data.id).not.toBe(id);
    const otherList = TemplateList.parse((await call('GET', `${base(other)}/fetch`, other.adminToken)).json()).data;
    expect(otherList).toEqual([]);
  });
});
