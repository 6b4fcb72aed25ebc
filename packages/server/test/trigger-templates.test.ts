import { randomUUID } from 'node:crypto';
import {
  EmailTemplate,
  ErrorBody,
  searchPage,
  successEnvelope,
  TemplateCopy,
  type TriggerDefinitionInput,
  TriggerTemplate,
  type TriggerTemplateInput,
  toSearchParams,
} from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';

let h: AutomationHarness;
let superToken: string;

beforeAll(async () => {
  h = await startAutomationHarness();
  superToken = await tokenFor(h.deps, await createUser(h.deps, { superAdmin: true }));
}, 60_000);
afterAll(() => h.cleanup());

const OneTemplate = successEnvelope(TriggerTemplate);
const TemplatePage = successEnvelope(searchPage(TriggerTemplate));
const Copied = successEnvelope(TemplateCopy);
const errorOf = (response: { json(): unknown }) => ErrorBody.parse(response.json());
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

const definition = (overrides: Partial<TriggerDefinitionInput> = {}): TriggerDefinitionInput => ({
  name: 'Chase the quote',
  enabled: false,
  event: 'JobQuoteSent',
  targetKind: 'Job',
  delay: { amount: 3, unit: 'Day' },
  conditions: { combiner: 'And', items: [{ type: 'JobIsStatus', params: { status: 'Quote' } }] },
  actions: [
    { id: 'badge', type: 'Job_AddBadge', params: { badgeUuid: 'quote follow-up' } },
    { id: 'queue', type: 'Job_AddToQueue', params: { queueUuid: 'QUOTES TO FOLLOW UP' } },
    {
      id: 'email',
      type: 'JobClient_SendEmail',
      params: { subject: 'Your quote {{ job.number }}', body: 'Hi {{ contact.first_name }}, any questions?' },
    },
  ],
  ...overrides,
});

const template = (overrides: Partial<TriggerTemplateInput> = {}): TriggerTemplateInput => ({
  title: `Quote follow-up ${randomUUID().slice(0, 6)}`,
  description: 'Three days after a quote is sent, if it is still a quote, email the client.',
  category: 'Quotes',
  published: true,
  onboardingOrder: null,
  definition: definition(),
  ...overrides,
});

async function createTemplate(overrides: Partial<TriggerTemplateInput> = {}) {
  const response = await call('POST', '/TriggerTemplate', superToken, template(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return OneTemplate.parse(response.json()).data;
}

const copy = (templateId: string, body: object = {}, vendorId = h.vendorId, token = h.token) =>
  call('POST', `/TriggerTemplate/${templateId}/copy/${vendorId}`, token, body);

const search = (url: string, token: string, query: Parameters<typeof toSearchParams>[0]) =>
  call('GET', `${url}?${new URLSearchParams(toSearchParams(query))}`, token);

describe('the template library', () => {
  it('lets a super admin create, read, change and delete a template', async () => {
    const created = await createTemplate({ published: false });
    expect(created).toMatchObject({ category: 'Quotes', published: false, onboardingOrder: null });
    expect(created.definition.actions[0]?.params).toEqual({ badgeUuid: 'quote follow-up' });

    const changed = await call('POST', `/TriggerTemplate/${created.id}`, superToken, {
      ...template({ title: 'Chase quotes', published: true, onboardingOrder: 3 }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(OneTemplate.parse(changed.json()).data).toMatchObject({ title: 'Chase quotes', onboardingOrder: 3 });
    expect((await call('GET', `/TriggerTemplate/${created.id}`, h.token)).statusCode).toBe(200);

    const deleted = await call('DELETE', `/TriggerTemplate/${created.id}`, superToken);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/TriggerTemplate/${created.id}`, superToken)).statusCode).toBe(404);
  });

  it('refuses every write from a vendor (403), however it is addressed', async () => {
    const existing = await createTemplate();
    for (const [method, url, body] of [
      ['POST', '/TriggerTemplate', template()],
      ['POST', `/TriggerTemplate/${existing.id}`, template()],
      ['DELETE', `/TriggerTemplate/${existing.id}`, undefined],
    ] as const) {
      const response = await call(method, url, h.token, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(OneTemplate.parse((await call('GET', `/TriggerTemplate/${existing.id}`, h.token)).json()).data.title).toBe(
      existing.title,
    );
  });

  it('shows vendors published templates only; a draft does not exist for them', async () => {
    const marker = randomUUID().slice(0, 8);
    const published = await createTemplate({ title: `Published ${marker}` });
    const draft = await createTemplate({ title: `Draft ${marker}`, published: false });
    const query = { Filters: [{ action: 'ILike' as const, field: 'text', value: marker }] };

    const forVendor = TemplatePage.parse((await search('/TriggerTemplate/search', h.token, query)).json()).data;
    expect(forVendor.rows.map((row) => row.id)).toEqual([published.id]);
    expect((await call('GET', `/TriggerTemplate/${draft.id}`, h.token)).statusCode).toBe(404);
    expect((await copy(draft.id)).statusCode).toBe(404);

    const forAdmin = TemplatePage.parse((await search('/TriggerTemplate/search', superToken, query)).json()).data;
    expect(forAdmin.rows.map((row) => row.title).sort()).toEqual([`Draft ${marker}`, `Published ${marker}`]);
  });

  it('finds templates by words of their description and filters by category', async () => {
    const marker = randomUUID().slice(0, 8);
    const booking = await createTemplate({ category: 'Bookings', description: `Confirms the booking ${marker}.` });
    await createTemplate({ category: 'Quotes', description: `Chases the quote ${marker}.` });
    const page = TemplatePage.parse(
      (
        await search('/TriggerTemplate/search', h.token, {
          Filters: [
            { action: 'ILike', field: 'text', value: marker },
            { action: 'Eq', field: 'category', value: 'Bookings' },
          ],
        })
      ).json(),
    ).data;
    expect(page.rows.map((row) => row.id)).toEqual([booking.id]);
    const unknown = await search('/TriggerTemplate/search', h.token, { SortBy: 'definition' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toContain('You cannot sort templates by "definition"');
  });

  it('recommends published templates with an onboarding order, in that order', async () => {
    const marker = randomUUID().slice(0, 8);
    const second = await createTemplate({ title: `Second ${marker}`, onboardingOrder: 902 });
    const first = await createTemplate({ title: `First ${marker}`, onboardingOrder: 901 });
    await createTemplate({ title: `Draft ${marker}`, onboardingOrder: 900, published: false });
    await createTemplate({ title: `Not recommended ${marker}` });
    const page = TemplatePage.parse(
      (
        await search('/TriggerTemplate/search/onboarding', h.token, {
          Filters: [{ action: 'ILike', field: 'title', value: marker }],
        })
      ).json(),
    ).data;
    expect(page.rows.map((row) => row.id)).toEqual([first.id, second.id]);
  });

  it('refuses a template that breaks the rules of its event, names an email template or carries a file', async () => {
    const cases: Array<[Partial<TriggerDefinitionInput>, string]> = [
      [{ event: 'ClientIsCreated', targetKind: 'Client' }, 'needs a job, and “A client is created” has none'],
      [
        { actions: [{ id: 'a', type: 'JobClient_SendEmail', params: { emailTemplateId: 'my-template' } }] },
        'a template cannot name an email template',
      ],
      [
        {
          actions: [
            { id: 'a', type: 'Job_SendAttachment', params: { attachmentId: 'x', subject: 'File', body: 'Here' } },
          ],
        },
        'a template cannot carry',
      ],
      [{ actions: [{ id: 'a', type: 'Job_AddNote', params: { text: 'Quote {{ job.numbr }}' } }] }, 'job.number'],
      [{ actions: [{ id: 'a', type: 'Job_AddBadge', params: { badgeUuid: '  ' } }] }, 'Action 1, Badge: name a badge.'],
    ];
    for (const [change, expected] of cases) {
      const response = await call('POST', '/TriggerTemplate', superToken, template({ definition: definition(change) }));
      expect(response.statusCode, expected).toBe(400);
      expect(errorOf(response).message).toContain(expected);
    }
    const category = await call('POST', '/TriggerTemplate', superToken, { ...template(), category: 'Marketing' });
    expect(errorOf(category).message).toContain('Category: choose one of Bookings, Quotes');
  });
});

describe('copying a template for a vendor', () => {
  it("matches each name to the vendor's record ignoring case, and makes a disabled trigger whose email is a template", async () => {
    const source = await createTemplate();
    const response = await copy(source.id);
    expect(response.statusCode, response.body).toBe(201);
    const { trigger, created, emailTemplates } = Copied.parse(response.json()).data;
    expect(created).toEqual([]);
    expect(trigger.definition).toMatchObject({ name: 'Chase the quote', enabled: false, event: 'JobQuoteSent' });
    const [badge, queue, email] = trigger.definition.actions;
    expect(badge?.params).toEqual({ badgeUuid: SEED_IDS.badges.quoteFollowUp });
    expect(queue?.params).toEqual({ queueUuid: SEED_IDS.queues.quotesToFollowUp });
    expect(emailTemplates).toEqual([{ id: expect.any(String), name: source.title }]);
    expect(email?.params).toEqual({ subject: '', body: '', emailTemplateId: emailTemplates[0]?.id });

    const saved = await call('GET', `/Vendor/${h.vendorId}/email/templates/${emailTemplates[0]?.id}`, h.token);
    expect(successEnvelope(EmailTemplate).parse(saved.json()).data).toMatchObject({
      subject: 'Your quote {{ job.number }}',
      body: 'Hi {{ contact.first_name }}, any questions?',
    });
    const again = Copied.parse((await copy(source.id)).json()).data;
    expect(again.emailTemplates[0]?.name).toBe(`${source.title} (2)`);
  });

  it('resolves a form field by name within the form it names', async () => {
    const source = await createTemplate({
      category: 'Forms',
      definition: definition({
        event: 'FormIsSubmitted',
        targetKind: 'Form',
        delay: undefined,
        conditions: {
          combiner: 'And',
          items: [
            {
              type: 'FormFieldNumberMatches',
              params: { formUuid: 'Customer satisfaction survey', field: 'rating (1-5)', operator: 'Lt', value: 3 },
            },
          ],
        },
        actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Low rating: call the client.' } }],
      }),
    });
    const response = await copy(source.id);
    expect(response.statusCode, response.body).toBe(201);
    const condition = Copied.parse(response.json()).data.trigger.definition.conditions.items[0];
    expect(condition).toMatchObject({
      params: { formUuid: SEED_IDS.forms.satisfaction, field: SEED_IDS.formFields[3] },
    });
  });

  it('matches categories and price-list items by name too, wherever the definition names them', async () => {
    const source = await createTemplate({
      definition: definition({
        event: 'JobCompleted',
        delay: undefined,
        conditions: { combiner: 'And', items: [{ type: 'JobIsCategory', params: { categoryUuid: 'hot water' } }] },
        actions: [
          { id: 'inspect', type: 'Job_AddService', params: { materialUuid: 'drain cctv inspection', quantity: 1 } },
          {
            id: 'service',
            type: 'JobClient_CreateJob',
            params: { status: 'Quote', description: 'Yearly service', categoryUuid: 'Scheduled maintenance' },
          },
        ],
      }),
    });
    const response = await copy(source.id);
    expect(response.statusCode, response.body).toBe(201);
    const { trigger } = Copied.parse(response.json()).data;
    const cctv = h.sim.controls.records('material').find((item) => item.name === 'Drain CCTV Inspection');
    expect(trigger.definition.conditions.items[0]).toMatchObject({
      params: { categoryUuid: SEED_IDS.categories.hotWater },
    });
    expect(trigger.definition.actions.map((action) => action.params)).toEqual([
      { materialUuid: cctv?.uuid, quantity: 1 },
      { status: 'Quote', description: 'Yearly service', categoryUuid: SEED_IDS.categories.maintenance },
    ]);
    expect(cctv?.uuid).toBeTruthy();
  });

  it('answers 409 with candidates for a badge the vendor lacks, and creates nothing', async () => {
    const source = await createTemplate({
      definition: definition({
        actions: [
          { id: 'check', type: 'Job_AddBadge', params: { badgeUuid: 'Check invoice' } },
          { id: 'queue', type: 'Job_AddToQueue', params: { queueUuid: 'Quotes to follow up' } },
        ],
      }),
    });
    const before = h.sim.controls.records('badge').length;
    const response = await copy(source.id);
    expect(response.statusCode).toBe(409);
    const body = errorOf(response);
    expect(body.message).toBe(
      'Your ServiceM8 account has no badge "Check invoice". Pick one of yours for it, or let us create the badges and queues.',
    );
    expect(body.unresolved).toEqual([
      {
        key: 'badge:Check invoice',
        kind: 'badge',
        name: 'Check invoice',
        creatable: true,
        candidates: expect.arrayContaining([{ uuid: SEED_IDS.badges.urgent, name: 'Urgent' }]),
      },
    ]);
    expect(body.unresolved?.[0]?.candidates.map((item) => item.name)).toEqual([
      'Invoice Overdue',
      'On my way',
      'Paid',
      'Quote Follow-up',
      'Safety Check',
      'Urgent',
      'VIP',
      'Warranty',
    ]);
    expect(h.sim.controls.records('badge')).toHaveLength(before);
    const triggers = await call('GET', `/vendor/${h.vendorId}/Trigger/search?PageSize=500`, h.token);
    expect(JSON.stringify(triggers.json())).not.toContain(source.id);
  });

  it('copies with a mapping to one of the candidates, and refuses a mapping that is not one', async () => {
    const source = await createTemplate({
      definition: definition({
        actions: [{ id: 'check', type: 'Job_AddBadge', params: { badgeUuid: 'Check invoice' } }],
      }),
    });
    const wrong = await copy(source.id, { mappings: { 'badge:Check invoice': SEED_IDS.queues.partsOnOrder } });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toBe(
      'mappings["badge:Check invoice"] is not one of your active badges: pick one of the candidates.',
    );

    const response = await copy(source.id, { mappings: { 'badge:Check invoice': SEED_IDS.badges.invoiceOverdue } });
    expect(response.statusCode, response.body).toBe(201);
    const { trigger } = Copied.parse(response.json()).data;
    expect(trigger.definition.actions[0]?.params).toEqual({ badgeUuid: SEED_IDS.badges.invoiceOverdue });
  });

  it('creates a missing badge and queue in ServiceM8 with createMissing', async () => {
    const name = `Check invoice ${randomUUID().slice(0, 4)}`;
    const source = await createTemplate({
      definition: definition({
        event: 'JobCompleted',
        delay: undefined,
        conditions: { combiner: 'And', items: [] },
        actions: [
          { id: 'check', type: 'Job_AddBadge', params: { badgeUuid: name } },
          { id: 'queue', type: 'Job_AddToQueue', params: { queueUuid: 'Invoices to check' } },
        ],
      }),
    });
    const response = await copy(source.id, { createMissing: true });
    expect(response.statusCode, response.body).toBe(201);
    const { trigger, created } = Copied.parse(response.json()).data;
    const badge = h.sim.controls.records('badge').find((record) => record.name === name);
    const queue = h.sim.controls.records('queue').find((record) => record.name === 'Invoices to check');
    expect(badge).toBeDefined();
    expect(queue).toBeDefined();
    expect(created).toEqual([
      { kind: 'badge', name, uuid: badge?.uuid },
      { kind: 'queue', name: 'Invoices to check', uuid: queue?.uuid },
    ]);
    expect(trigger.definition.actions.map((action) => action.params)).toEqual([
      { badgeUuid: badge?.uuid },
      { queueUuid: queue?.uuid },
    ]);
    // A second copy finds what the first created.
    const second = Copied.parse((await copy(source.id)).json()).data;
    expect(second.created).toEqual([]);
  });

  it('says when ServiceM8 does not answer the creation, and copies nothing', async () => {
    const name = `Ready to book ${randomUUID().slice(0, 4)}`;
    const source = await createTemplate({
      definition: definition({
        actions: [{ id: 'queue', type: 'Job_AddToQueue', params: { queueUuid: name } }],
      }),
    });
    const triggerCount = async () =>
      (await call('GET', `/vendor/${h.vendorId}/Trigger/search?PageSize=1`, h.token)).json().data.total as number;
    const before = await triggerCount();
    h.sim.controls.addFault({ kind: 'status', status: 503, method: 'POST', path: '/api_1.0/queue.json', times: 1 });
    const response = await copy(source.id, { createMissing: true });
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).message).toBe(
      `ServiceM8 did not answer when creating the queue "${name}". Try again in a minute.`,
    );
    expect(await triggerCount()).toBe(before);
    expect((await copy(source.id, { createMissing: true })).statusCode).toBe(201);
    expect(await triggerCount()).toBe(before + 1);
  });

  it('cannot create a missing form: 409 even with createMissing', async () => {
    const source = await createTemplate({
      category: 'Forms',
      definition: definition({
        event: 'FormIsSubmitted',
        targetKind: 'Form',
        delay: undefined,
        conditions: { combiner: 'And', items: [{ type: 'FormIsType', params: { formUuid: 'Site induction' } }] },
        actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Induction done.' } }],
      }),
    });
    const response = await copy(source.id, { createMissing: true });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(
      'Your ServiceM8 account has no form "Site induction". Pick one of yours for it.',
    );
    expect(errorOf(response).unresolved?.[0]?.candidates.map((item) => item.name)).toEqual([
      'Customer Satisfaction Survey',
      'Job Safety Assessment',
    ]);
  });

  it('answers 404 to a copy onto another vendor, and copies nothing there', async () => {
    const source = await createTemplate();
    const other = await createVendorTeam(h.deps, 'Other Outfit');
    const response = await copy(source.id, {}, h.vendorId, other.adminToken);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe('Vendor was not found.');
    const intoOther = await copy(source.id, {}, other.vendor.id, h.token);
    expect(intoOther.statusCode).toBe(404);
    const theirs = await call('GET', `/vendor/${other.vendor.id}/Trigger/search`, other.adminToken);
    expect(theirs.json().data.total).toBe(0);
  });
});
