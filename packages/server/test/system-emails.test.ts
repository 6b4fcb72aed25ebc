import {
  ErrorBody,
  OutboxMessage,
  type SearchQueryInput,
  SYSTEM_EMAIL_KEYS,
  SystemEmail,
  searchPage,
  successEnvelope,
  toSearchParams,
} from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderEmail } from '../src/modules/mail/render-email.ts';
import { SYSTEM_EMAIL_DEFAULTS } from '../src/modules/mail/system-email-defaults.ts';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { linkIn, waitForEmail } from './support/outbox.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let superToken: string;
let superEmail: string;

beforeAll(async () => {
  services = await startTestServices();
  const superAdmin = await createUser(services.deps, { superAdmin: true, firstName: 'Sue' });
  superEmail = superAdmin.email;
  superToken = await tokenFor(services.deps, superAdmin);
});
afterAll(() => services.cleanup());

const Page = successEnvelope(searchPage(SystemEmail));
const One = successEnvelope(SystemEmail);
const OutboxPage = successEnvelope(searchPage(OutboxMessage));
const Preview = successEnvelope(z.object({ subject: z.string(), text: z.string(), html: z.string() }));
const errorOf = (response: { json(): unknown }) => ErrorBody.parse(response.json());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, options: { token?: string; payload?: object } = {}) =>
  services.app.inject({
    method,
    url,
    headers: options.token ? bearer(options.token) : {},
    ...(options.payload ? { payload: options.payload } : {}),
  });
const asSuper = (method: Method, url: string, payload?: object) =>
  call(method, url, { token: superToken, ...(payload ? { payload } : {}) });

async function search(query: SearchQueryInput) {
  const response = await services.app.inject({
    method: 'GET',
    url: '/api/Admin/emails/search',
    headers: bearer(superToken),
    query: toSearchParams(query),
  });
  return response;
}

async function templateWithKey(key: string): Promise<SystemEmail> {
  const response = await search({ Filters: [{ action: 'Eq', field: 'key', value: key }] });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = Page.parse(response.json()).data.rows;
  if (!row) throw new Error(`no template with key ${key}`);
  return row;
}

const SYSTEM_NAMES_BY_NAME = SYSTEM_EMAIL_DEFAULTS.map((template) => template.name).sort();
const SYSTEM_COUNT = SYSTEM_EMAIL_DEFAULTS.length;

describe('listing and reading the system templates', () => {
  it('seeds every template the platform sends, sorted by name by default', async () => {
    const response = await search({});
    expect(response.statusCode, response.body).toBe(200);
    const page = Page.parse(response.json()).data;
    expect(page).toMatchObject({ total: SYSTEM_COUNT, pageNumber: 1, pageSize: 50 });
    expect(page.rows.map((row) => row.name)).toEqual(SYSTEM_NAMES_BY_NAME);
    expect(page.rows.map((row) => row.key).sort()).toEqual([...SYSTEM_EMAIL_KEYS].sort());
    for (const row of page.rows) expect(row.isSystem).toBe(true);
  });

  it('pages, sorts by name in either direction and filters by key', async () => {
    const second = Page.parse((await search({ PageSize: 2, PageNumber: 2, SortBy: 'name' })).json()).data;
    expect(second).toMatchObject({ total: SYSTEM_COUNT, pageNumber: 2, pageSize: 2 });
    expect(second.rows.map((row) => row.name)).toEqual(SYSTEM_NAMES_BY_NAME.slice(2, 4));

    const descending = Page.parse((await search({ SortBy: 'name', SortDir: 'Descending' })).json()).data;
    expect(descending.rows.map((row) => row.name)).toEqual([...SYSTEM_NAMES_BY_NAME].reverse());

    const filtered = Page.parse(
      (await search({ Filters: [{ action: 'Eq', field: 'key', value: 'welcome' }] })).json(),
    ).data;
    expect(filtered.total).toBe(1);
    expect(filtered.rows[0]).toMatchObject({ key: 'welcome', name: 'Welcome', subject: 'Welcome to {{ app.name }}' });
  });

  it('refuses to filter by a field that is not searchable, naming it', async () => {
    const response = await search({ Filters: [{ action: 'ILike', field: 'body', value: 'password' }] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors).toEqual({ Filters: ['"body" is not a filterable field.'] });
  });

  it('reads one template with the merge fields the platform fills in', async () => {
    const { id } = await templateWithKey('password-reset');
    const response = await asSuper('GET', `/api/Admin/emails/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const template = One.parse(response.json()).data;
    expect(template).toMatchObject({
      id,
      key: 'password-reset',
      name: 'Reset password',
      subject: 'Reset your {{ app.name }} password',
      isSystem: true,
    });
    expect(template.body).toContain('[Choose a new password]({{ link }})');
    expect(template.mergeFields).toEqual(expect.arrayContaining(['user.firstName', 'link', 'expiresInHours']));
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await asSuper('GET', '/api/Admin/emails/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('Email template was not found.');
    const malformed = await asSuper('GET', '/api/Admin/emails/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).errors?.id).toEqual(['id is not a valid id.']);
  });
});

describe('editing a system template', () => {
  it('saves a new subject and body, and the next email of that kind uses them', async () => {
    const before = await templateWithKey('password-reset');
    const saved = await asSuper('POST', `/api/Admin/emails/${before.id}`, {
      name: before.name,
      description: before.description,
      subject: 'Password help for {{ user.firstName }} at {{ app.name }}',
      body: 'Hello {{ user.firstName }}, pick a new password here: {{ link }}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const envelope = One.parse(saved.json());
    expect(envelope.message).toBe('The template was saved.');
    expect(envelope.data.subject).toBe('Password help for {{ user.firstName }} at {{ app.name }}');

    const reread = One.parse((await asSuper('GET', `/api/Admin/emails/${before.id}`)).json()).data;
    expect(reread.body).toBe('Hello {{ user.firstName }}, pick a new password here: {{ link }}');

    const user = await createUser(services.deps, { firstName: 'Pat' });
    const requested = await call('POST', '/api/Auth/password/reset/request', { payload: { email: user.email } });
    expect(requested.statusCode).toBe(200);
    const message = await waitForEmail(services, superToken, { to: user.email, templateKey: 'password-reset' });
    expect(message.subject).toBe('Password help for Pat at Automate');
    expect(message.text).toMatch(/^Hello Pat, pick a new password here: https:\/\/automate\.test\/auth\/reset\//);
    expect(linkIn(message, 'reset').userId).toBe(user.id);
  });

  it('refuses a subject with a Liquid syntax error, naming the field, and keeps the old text', async () => {
    const before = await templateWithKey('welcome');
    const response = await asSuper('POST', `/api/Admin/emails/${before.id}`, {
      name: before.name,
      subject: 'Welcome {{ user.firstName',
      body: before.body,
    });
    expect(response.statusCode).toBe(400);
    const body = errorOf(response);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toMatch(/^The subject template has an error: .*not closed/);
    expect(body.errors?.subject).toEqual([body.message]);
    expect(body.errors?.body).toBeUndefined();
    const after = One.parse((await asSuper('GET', `/api/Admin/emails/${before.id}`)).json()).data;
    expect(after.subject).toBe(before.subject);
  });

  it('refuses a body with an unclosed tag or an unknown filter, naming the body', async () => {
    const before = await templateWithKey('welcome');
    for (const [body, problem] of [
      [
        '{% if needsPassword %}Choose a password',
        /^The body template has an error: tag .*if needsPassword.* not closed/,
      ],
      ['Hi {{ user.firstName | shout }}', /^The body template has an error: undefined filter: shout/],
    ] as const) {
      const response = await asSuper('POST', `/api/Admin/emails/${before.id}`, {
        name: before.name,
        subject: before.subject,
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).errors?.body?.[0]).toMatch(problem);
    }
  });

  it('refuses a body that parses but cannot be rendered, so registrations keep working', async () => {
    const before = await templateWithKey('verify-email');
    const response = await asSuper('POST', `/api/Admin/emails/${before.id}`, {
      name: before.name,
      subject: before.subject,
      body: '{% for i in (1..100000000) %}{% endfor %}',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors?.body?.[0]).toBe(
      'The template cannot be rendered: filling it in makes it too large; loops inside loops repeat it too often.',
    );
    const registered = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/register',
      payload: {
        email: 'still-works@example.com',
        password: 'plumbing-2026',
        firstName: 'Still',
        lastName: 'Works',
        vendorName: 'Works Ltd',
      },
    });
    expect(registered.statusCode).toBe(201);
  });

  it('keeps the description when a change leaves it out', async () => {
    const before = await templateWithKey('welcome');
    const response = await asSuper('POST', `/api/Admin/emails/${before.id}`, {
      name: before.name,
      subject: before.subject,
      body: before.body,
    });
    expect(One.parse(response.json()).data.description).toBe(before.description);
    expect(before.description).not.toBe('');
  });

  it('answers 404 when the template does not exist', async () => {
    const response = await asSuper('POST', '/api/Admin/emails/00000000-0000-4000-8000-000000000000', {
      name: 'Ghost',
      subject: 'Boo',
      body: 'Boo',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('custom templates', () => {
  const custom = {
    key: 'trial-ending',
    name: 'Trial ending',
    description: 'Reminds a vendor that the trial ends soon.',
    subject: 'Your {{ app.name }} trial ends soon',
    body: 'Hi {{ user.firstName }}, your trial ends in 3 days.',
  };

  it('creates one (201), then refuses the same key again with 409', async () => {
    const created = await asSuper('POST', '/api/Admin/emails', custom);
    expect(created.statusCode, created.body).toBe(201);
    const template = One.parse(created.json()).data;
    expect(template).toMatchObject({ ...custom, isSystem: false, mergeFields: [] });

    const read = await asSuper('GET', `/api/Admin/emails/${template.id}`);
    expect(One.parse(read.json()).data.key).toBe('trial-ending');

    const duplicate = await asSuper('POST', '/api/Admin/emails', { ...custom, name: 'Another' });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).message).toBe('An email template with the key "trial-ending" already exists.');

    const system = await asSuper('POST', '/api/Admin/emails', { ...custom, key: 'welcome' });
    expect(system.statusCode).toBe(409);
  });

  it('refuses a key that is not lowercase words joined by hyphens', async () => {
    for (const key of ['Trial Ending', 'trial_ending', '-trial']) {
      const response = await asSuper('POST', '/api/Admin/emails', { ...custom, key });
      expect(response.statusCode, key).toBe(400);
      expect(errorOf(response).errors?.key).toEqual(['Key: use lowercase words joined by hyphens, e.g. trial-ending.']);
    }
  });

  it('refuses a new template whose body does not parse, and creates nothing', async () => {
    const response = await asSuper('POST', '/api/Admin/emails', {
      ...custom,
      key: 'broken-one',
      body: '{% for x in items %}no end',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors?.body?.[0]).toMatch(/^The body template has an error: /);
    const found = Page.parse((await search({ Filters: [{ action: 'Eq', field: 'key', value: 'broken-one' }] })).json());
    expect(found.data.total).toBe(0);
  });

  it('deletes a custom template, after which reading it answers 404', async () => {
    const created = One.parse(
      (await asSuper('POST', '/api/Admin/emails', { ...custom, key: 'to-be-deleted', name: 'Delete me' })).json(),
    ).data;
    const deleted = await asSuper('DELETE', `/api/Admin/emails/${created.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(successEnvelope(z.null()).parse(deleted.json()).message).toBe('The template was deleted.');
    expect((await asSuper('GET', `/api/Admin/emails/${created.id}`)).statusCode).toBe(404);
    expect((await asSuper('DELETE', `/api/Admin/emails/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a template the platform sends, with 409', async () => {
    const welcome = await templateWithKey('welcome');
    const response = await asSuper('DELETE', `/api/Admin/emails/${welcome.id}`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: 'CONFLICT',
      message: `"${welcome.name}" is sent by the platform and cannot be deleted; edit its text instead.`,
    });
    expect((await asSuper('GET', `/api/Admin/emails/${welcome.id}`)).statusCode).toBe(200);
  });
});

describe('preview', () => {
  it('renders the subject, text and HTML with sample data', async () => {
    const response = await asSuper('POST', '/api/Admin/emails/preview', {
      subject: 'Welcome to {{ vendor.name }}, {{ user.firstName }}',
      body: 'You joined **{{ vendor.name }}** as {{ role }}.\n\n[Open {{ app.name }}]({{ app.url }})',
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = Preview.parse(response.json()).data;
    expect(preview.subject).toBe('Welcome to Taylor Plumbing, Alex');
    expect(preview.text).toBe(
      'You joined **Taylor Plumbing** as User.\n\n[Open Automate](https://automate.example.com)',
    );
    expect(preview.html).toContain('<p>You joined <strong>Taylor Plumbing</strong> as User.</p>');
    expect(preview.html).toContain('<a href="https://automate.example.com">Open Automate</a>');
  });

  it('refuses a template that does not parse or cannot be rendered, naming the field', async () => {
    const bad = await asSuper('POST', '/api/Admin/emails/preview', { subject: 'Hi {{ user.firstName', body: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors?.subject?.[0]).toMatch(/^The subject template has an error: /);

    const huge = await asSuper('POST', '/api/Admin/emails/preview', {
      subject: 'Hi',
      body: '{% for i in (1..100000000) %}{% endfor %}',
    });
    expect(huge.statusCode).toBe(400);
    expect(errorOf(huge).errors?.body?.[0]).toMatch(/^The template cannot be rendered: /);
  });

  it('HTML-escapes merge values in the HTML part only', async () => {
    const value = '<script>alert(1)</script>';
    const rendered = await renderEmail(
      { subject: 'Hello {{ name }}', body: 'Hi **{{ name }}**, welcome.' },
      { name: value },
    );
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('<strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong>');
    expect(rendered.text).toBe(`Hi **${value}**, welcome.`);
    expect(rendered.subject).toBe(`Hello ${value}`);
  });
});

describe('send me a test', () => {
  it('sends the template being edited, rendered on sample data, to the super admin asking', async () => {
    const welcome = await templateWithKey('welcome');
    const response = await asSuper('POST', `/api/Admin/emails/${welcome.id}/test`, {
      subject: 'Draft for {{ user.firstName }}',
      body: 'Hello {{ user.firstName }} from {{ vendor.name }}.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(successEnvelope(z.object({ to: z.string() })).parse(response.json()).message).toBe(
      `A test was sent to ${superEmail}.`,
    );
    const email = await waitForEmail(services, superToken, { to: superEmail, templateKey: 'welcome' });
    expect(email.subject).toBe('[Test] Draft for Sue');
    expect(email.text).toContain('Hello Sue from Taylor Plumbing.');
    // The saved template is unchanged.
    expect(One.parse((await asSuper('GET', `/api/Admin/emails/${welcome.id}`)).json()).data.subject).toBe(
      welcome.subject,
    );
  });

  it('refuses a draft that does not parse, naming the field', async () => {
    const welcome = await templateWithKey('welcome');
    const response = await asSuper('POST', `/api/Admin/emails/${welcome.id}/test`, { subject: '{{ oops', body: 'x' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors).toHaveProperty('subject');
  });
});

describe('who may manage emails', () => {
  it('answers 403 to a vendor Admin and 401 without a token on every route, changing nothing', async () => {
    const team = await createVendorTeam(services.deps);
    const kept = One.parse(
      (
        await asSuper('POST', '/api/Admin/emails', {
          key: 'kept-template',
          name: 'Kept',
          subject: 'Kept',
          body: 'Kept',
        })
      ).json(),
    ).data;
    const update = { name: 'Hacked', subject: 'Hacked', body: 'Hacked' };
    const routes: [Method, string, object?][] = [
      ['GET', '/api/Admin/emails/search'],
      ['POST', '/api/Admin/emails', { ...update, key: 'sneaky' }],
      ['POST', '/api/Admin/emails/preview', { subject: 'x', body: 'y' }],
      ['GET', `/api/Admin/emails/${kept.id}`],
      ['POST', `/api/Admin/emails/${kept.id}`, update],
      ['DELETE', `/api/Admin/emails/${kept.id}`],
      ['GET', '/api/Admin/outbox/search'],
      ['POST', `/api/Admin/emails/${kept.id}/test`, { subject: 'x', body: 'y' }],
    ];
    for (const [method, url, payload] of routes) {
      const forbidden = await call(method, url, { token: team.adminToken, ...(payload ? { payload } : {}) });
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(forbidden)).toMatchObject({ code: 'FORBIDDEN', message: 'Only super admins can do this.' });
      const anonymous = await call(method, url, payload ? { payload } : {});
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    const after = One.parse((await asSuper('GET', `/api/Admin/emails/${kept.id}`)).json()).data;
    expect(after).toMatchObject({ name: 'Kept', subject: 'Kept', body: 'Kept' });
    expect((await templateWithKey('kept-template')).id).toBe(kept.id);
    const sneaky = await search({ Filters: [{ action: 'Eq', field: 'key', value: 'sneaky' }] });
    expect(Page.parse(sneaky.json()).data.total).toBe(0);
  });
});

describe('outbox', () => {
  it('keeps every email with status Stored when no SMTP server is configured', async () => {
    const user = await createUser(services.deps);
    await call('POST', '/api/Auth/password/reset/request', { payload: { email: user.email } });
    const message = await waitForEmail(services, superToken, {
      to: user.email,
      templateKey: 'password-reset',
      status: 'Stored',
    });
    expect(message).toMatchObject({ status: 'Stored', attempts: 1, lastError: null });

    const response = await services.app.inject({
      method: 'GET',
      url: '/api/Admin/outbox/search',
      headers: bearer(superToken),
      query: toSearchParams({ Filters: [{ action: 'Eq', field: 'to', value: user.email }] }),
    });
    const rows = OutboxPage.parse(response.json()).data.rows;
    expect(rows.map((row) => row.status)).toEqual(['Stored']);
  });
});
