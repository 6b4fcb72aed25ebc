// @vitest-environment happy-dom
import type {
  Sm8ReferenceItem,
  Trigger,
  TriggerDefinition,
  TriggerTemplate,
  UnresolvedReference,
} from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_CONDITIONS } from '@/testing/dry-runs.ts';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { VENDOR_A as VENDOR } from '@/testing/sessions.ts';
import { Onboarding } from './onboarding.tsx';
import { OnboardingView } from './onboarding-view.tsx';
import { TemplateGallery } from './template-gallery.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const BADGE_UUID = '22222222-2222-4222-8222-222222222222';
const TRIGGER_ID = '33333333-3333-4333-8333-333333333333';

const QUOTE_DEFINITION: TriggerDefinition = {
  name: 'Quote follow-up after 3 days',
  description: '',
  enabled: false,
  event: 'JobQuoteSent',
  targetKind: 'Job',
  conditions: { combiner: 'And', items: [{ type: 'JobIsStatus', params: { status: 'Quote' } }] },
  delay: { amount: 3, unit: 'Day' },
  recheckBeforeRun: true,
  ignoreQuietHours: false,
  actions: [
    { id: 'email', type: 'JobClient_SendEmail', params: { subject: 'Your quote', body: 'Any questions?' } },
    { id: 'badge', type: 'Job_AddBadge', params: { badgeUuid: 'Quote Follow-up' } },
  ],
};
const template = (id: string, title: string, category: TriggerTemplate['category'], definition = QUOTE_DEFINITION) =>
  ({
    id,
    title,
    description: `${title}: what it does.`,
    category,
    published: true,
    onboardingOrder: 1,
    definition,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
  }) satisfies TriggerTemplate;

const QUOTE = template('44444444-4444-4444-8444-444444444444', 'Quote follow-up after 3 days', 'Quotes');
const REVIEW = template('55555555-5555-4555-8555-555555555555', 'Review request', 'Reviews', {
  ...QUOTE_DEFINITION,
  name: 'Review request',
  event: 'JobCompleted',
  conditions: { combiner: 'And', items: [] },
  actions: [{ id: 'review', type: 'JobClient_SendEmail', params: { subject: 'How did we do?', body: 'Tell us.' } }],
});
const UNRESOLVED: UnresolvedReference = {
  key: 'badge:Quote Follow-up',
  kind: 'badge',
  name: 'Quote Follow-up',
  creatable: true,
  candidates: [{ uuid: BADGE_UUID, name: 'Chase quote' }],
};
const copiedTrigger = (enabled: boolean): Trigger => ({
  id: TRIGGER_ID,
  vendorId: VENDOR.vendorId,
  version: enabled ? 2 : 1,
  definition: {
    ...QUOTE_DEFINITION,
    enabled,
    actions: [
      { id: 'email', type: 'JobClient_SendEmail', params: { subject: '', body: '', emailTemplateId: 'tpl-1' } },
      { id: 'badge', type: 'Job_AddBadge', params: { badgeUuid: BADGE_UUID } },
    ],
  },
  attachments: [],
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
});

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });
const page = (rows: unknown[]) => ok({ rows, total: rows.length, pageNumber: 1, pageSize: 50 });
const conflict = () => ({
  status: 409,
  body: {
    success: false,
    code: 'CONFLICT',
    message: 'Your ServiceM8 account has no badge "Quote Follow-up".',
    unresolved: [UNRESOLVED],
  },
});
const copyPath = (templateId: string) => `/api/TriggerTemplate/${templateId}/copy/${VENDOR.vendorId}`;
const copies = () => stub.calls.filter((call) => call.url.pathname.includes('/copy/'));

describe('the template gallery', () => {
  it('shows the templates by category with their preview in plain words, and searches title and description', async () => {
    stub = stubFetch(({ url }) => {
      if (url.pathname !== '/api/TriggerTemplate/search') return undefined;
      const filters = url.searchParams.get('Filters');
      return page(filters?.includes('review') ? [REVIEW] : [QUOTE, REVIEW]);
    });
    renderAsRoute(<TemplateGallery vendorId={VENDOR.vendorId} />, {
      path: '/app/automation/templates',
      at: '/app/automation/templates',
    });
    const quotes = await screen.findByRole('region', { name: 'Quotes' });
    const card = within(quotes).getByRole('article', { name: QUOTE.title });
    expect(within(card).getByTestId('template-preview').textContent).toContain(
      'When a quote is sent, if the job’s status is “Quote”, after 3 days: email the client, then add the badge “Quote Follow-up” to the job.',
    );
    expect(screen.getByRole('region', { name: 'Reviews' })).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'review');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Quotes' })).toBeNull());
    const last = stub.calls.filter((call) => call.url.pathname === '/api/TriggerTemplate/search').at(-1);
    expect(JSON.parse(last?.url.searchParams.get('Filters') ?? '[]')).toEqual([
      { action: 'ILike', field: 'text', value: 'review' },
    ]);
  });

  it('copies a template that matches at once and opens the copy in the editor', async () => {
    stub = stubFetch(({ method, url }) => {
      if (url.pathname === '/api/TriggerTemplate/search') return page([QUOTE]);
      if (method === 'POST' && url.pathname === copyPath(QUOTE.id)) {
        return ok({ trigger: copiedTrigger(false), created: [], emailTemplates: [] }, 201);
      }
      return undefined;
    });
    renderAsRoute(<TemplateGallery vendorId={VENDOR.vendorId} />, {
      path: '/app/automation/templates',
      at: '/app/automation/templates',
      elsewhere: ['/app/automation/view/:id'],
    });
    await user.click(await screen.findByRole('button', { name: `Use this: “${QUOTE.title}”` }));
    expect((await screen.findByTestId('elsewhere')).textContent).toContain('/app/automation/view/:id');
    expect(copies()).toHaveLength(1);
    expect(copies()[0]?.body).toEqual({});
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks only about what does not match, then copies with the mapping chosen', async () => {
    stub = stubFetch(({ method, url, body }) => {
      if (url.pathname === '/api/TriggerTemplate/search') return page([QUOTE]);
      if (method === 'POST' && url.pathname === copyPath(QUOTE.id)) {
        const request = body as { mappings?: Record<string, string> };
        return request.mappings?.[UNRESOLVED.key]
          ? ok({ trigger: copiedTrigger(false), created: [], emailTemplates: [] }, 201)
          : conflict();
      }
      return undefined;
    });
    renderAsRoute(<TemplateGallery vendorId={VENDOR.vendorId} />, {
      path: '/app/automation/templates',
      at: '/app/automation/templates',
      elsewhere: ['/app/automation/view/:id'],
    });
    await user.click(await screen.findByRole('button', { name: `Use this: “${QUOTE.title}”` }));
    const dialog = await screen.findByRole('dialog', { name: `Match “${QUOTE.title}” to your ServiceM8` });
    const select = within(dialog).getByRole('combobox', { name: /Badge “Quote Follow-up”/ });
    expect(select.textContent).toContain('Create “Quote Follow-up” in ServiceM8');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Chase quote' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy the automation' }));

    expect((await screen.findByTestId('elsewhere')).textContent).toContain('/app/automation/view/:id');
    expect(copies().map((call) => call.body)).toEqual([
      {},
      { mappings: { [UNRESOLVED.key]: BADGE_UUID }, createMissing: false },
    ]);
  });
});

describe('the mapping dialog', () => {
  it('offers a form’s fields once the form is picked, keeping what was chosen before', async () => {
    const form: UnresolvedReference = {
      key: 'form:Survey',
      kind: 'form',
      name: 'Survey',
      creatable: false,
      candidates: [{ uuid: 'f-1', name: 'Customer feedback' }],
    };
    const field = (candidates: UnresolvedReference['candidates']): UnresolvedReference => ({
      key: 'formfield:Survey/Rating',
      kind: 'formfield',
      name: 'Rating',
      formName: 'Survey',
      creatable: false,
      candidates,
    });
    stub = stubFetch(({ method, url, body }) => {
      if (url.pathname === '/api/TriggerTemplate/search') return page([QUOTE]);
      if (method !== 'POST' || url.pathname !== copyPath(QUOTE.id)) return undefined;
      const mappings = (body as { mappings?: Record<string, string> }).mappings ?? {};
      const unresolved = !mappings['form:Survey']
        ? [form, field([])]
        : !mappings['formfield:Survey/Rating']
          ? [field([{ uuid: 'x-1', name: 'Score' }])]
          : null;
      if (!unresolved) return ok({ trigger: copiedTrigger(false), created: [], emailTemplates: [] }, 201);
      return { status: 409, body: { success: false, code: 'CONFLICT', message: 'Unmatched.', unresolved } };
    });
    renderAsRoute(<TemplateGallery vendorId={VENDOR.vendorId} />, {
      path: '/app/automation/templates',
      at: '/app/automation/templates',
      elsewhere: ['/app/automation/view/:id'],
    });
    await user.click(await screen.findByRole('button', { name: `Use this: “${QUOTE.title}”` }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Pick the form first: its fields are offered next.')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Form “Survey”/ }));
    await user.click(await screen.findByRole('option', { name: 'Customer feedback' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy the automation' }));

    dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).queryByRole('combobox', { name: /Form “Survey”/ })).toBeNull());
    await user.click(within(dialog).getByRole('combobox', { name: /Field “Rating” of the form “Survey”/ }));
    await user.click(await screen.findByRole('option', { name: 'Score' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy the automation' }));

    expect((await screen.findByTestId('elsewhere')).textContent).toContain('/app/automation/view/:id');
    expect(copies().at(-1)?.body).toEqual({
      mappings: { 'form:Survey': 'f-1', 'formfield:Survey/Rating': 'x-1' },
      createMissing: false,
    });
  });
});

describe('onboarding', () => {
  it('lists the recommendations in order and turns one on: copied, then enabled', async () => {
    let enabled = false;
    stub = stubFetch(({ method, url, body }) => {
      if (url.pathname === '/api/TriggerTemplate/search/onboarding') return page([QUOTE, REVIEW]);
      if (url.pathname === `/api/vendor/${VENDOR.vendorId}/Trigger/search`) {
        const summary = {
          id: TRIGGER_ID,
          name: QUOTE_DEFINITION.name,
          description: '',
          event: QUOTE_DEFINITION.event,
          enabled: true,
          version: 2,
          actionCount: 2,
          lastRunAt: null,
          createdAt: '2026-03-01T09:00:00.000Z',
          updatedAt: '2026-03-01T09:00:00.000Z',
        };
        return page(enabled ? [summary] : []);
      }
      if (method === 'POST' && url.pathname === copyPath(QUOTE.id)) {
        return (body as { createMissing?: boolean }).createMissing
          ? ok({ trigger: copiedTrigger(false), created: [], emailTemplates: [] }, 201)
          : conflict();
      }
      if (method === 'POST' && url.pathname === `/api/vendor/${VENDOR.vendorId}/Trigger/${TRIGGER_ID}`) {
        expect((body as TriggerDefinition).enabled).toBe(true);
        enabled = true;
        return ok(copiedTrigger(true));
      }
      return undefined;
    });
    renderAsRoute(<Onboarding vendor={VENDOR} />, {
      path: '/app/automation/onboarding',
      at: '/app/automation/onboarding',
    });
    expect(screen.getByRole('heading', { name: 'Your first automations' })).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([QUOTE.title, REVIEW.title]);
    expect(
      within(cards[1] as HTMLElement)
        .getByRole('link', { name: 'See how it works' })
        .getAttribute('href'),
    ).toBe(`/app/automation/onboarding/view/${REVIEW.id}`);

    await user.click(screen.getByRole('button', { name: `Turn on “${QUOTE.title}”` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(`“${QUOTE.title}” is on.`)).toBeTruthy();
    const quoteCard = screen.getByRole('article', { name: QUOTE.title });
    expect(await within(quoteCard).findByText('On')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: REVIEW.title })).getByRole('button', { name: /Turn on/ }),
    ).toHaveProperty('disabled', false);
  });

  it('shows a recommendation on the vendor’s records and tries it on the latest job with the resolved definition', async () => {
    const badge: Sm8ReferenceItem = {
      kind: 'badge',
      uuid: BADGE_UUID,
      name: 'quote follow-up',
      active: true,
      details: {},
    } as Sm8ReferenceItem;
    stub = stubFetch(({ method, url }) => {
      if (url.pathname === `/api/TriggerTemplate/${QUOTE.id}`) return ok(QUOTE);
      if (url.pathname === `/api/Vendor/${VENDOR.vendorId}/servicem8/reference`) return ok([badge]);
      if (url.pathname === `/api/vendor/${VENDOR.vendorId}/Trigger/search`) return page([]);
      if (url.pathname === `/api/Vendor/${VENDOR.vendorId}/servicem8/jobs`) {
        return ok([
          {
            uuid: 'job-1',
            number: '1042',
            status: 'Quote',
            clientName: 'Emma Ellis',
            address: '1 Main St',
            description: 'Tap',
          },
        ]);
      }
      if (method === 'POST' && url.pathname === `/api/vendor/${VENDOR.vendorId}/Trigger/dryrun`) {
        return ok({
          wouldRun: true,
          eventFit: { fits: true, sentence: 'This record fits the event.' },
          timing: { at: null, sentence: 'It would act at once, as soon as the event happens.' },
          warnings: [],
          conditions: NO_CONDITIONS,
          actions: [],
          missingMergeFields: [],
        });
      }
      return undefined;
    });
    renderAsRoute(<OnboardingView vendor={VENDOR} templateId={QUOTE.id} />, {
      path: '/app/automation/onboarding/view/:id',
      at: `/app/automation/onboarding/view/${QUOTE.id}`,
    });
    expect(await screen.findByRole('heading', { name: QUOTE.title })).toBeTruthy();
    const uses = await screen.findByRole('list', { name: 'Your records it uses' });
    expect(uses.textContent).toContain('Found in your ServiceM8 account.');

    // Tried at once on the latest job, with the template's names resolved to the vendor's records.
    expect(await screen.findByText('On your latest job, 1042 for Emma Ellis:')).toBeTruthy();
    expect(await screen.findByText('Would run: the conditions hold on this record.')).toBeTruthy();
    const dryRun = stub.calls.find((call) => call.url.pathname.endsWith('/Trigger/dryrun'));
    const sent = dryRun?.body as { definition: TriggerDefinition; jobUuid: string } | undefined;
    expect(sent?.jobUuid).toBe('job-1');
    expect(sent?.definition.actions[1]?.params).toEqual({ badgeUuid: BADGE_UUID });
    expect(sent?.definition.enabled).toBe(false);
  });

  it('turns a recommendation on from its page: copied, then enabled, then back to the recommendations', async () => {
    const badge = { kind: 'badge', uuid: BADGE_UUID, name: 'Quote Follow-up', active: true, details: {} };
    stub = stubFetch(({ method, url }) => {
      if (url.pathname === `/api/TriggerTemplate/${QUOTE.id}`) return ok(QUOTE);
      if (url.pathname === `/api/Vendor/${VENDOR.vendorId}/servicem8/reference`) return ok([badge]);
      if (url.pathname === `/api/vendor/${VENDOR.vendorId}/Trigger/search`) return page([]);
      if (url.pathname === `/api/Vendor/${VENDOR.vendorId}/servicem8/jobs`) return ok([]);
      if (method === 'POST' && url.pathname === copyPath(QUOTE.id)) {
        return ok({ trigger: copiedTrigger(false), created: [], emailTemplates: [] }, 201);
      }
      if (method === 'POST' && url.pathname === `/api/vendor/${VENDOR.vendorId}/Trigger/${TRIGGER_ID}`) {
        return ok(copiedTrigger(true));
      }
      return undefined;
    });
    renderAsRoute(<OnboardingView vendor={VENDOR} templateId={QUOTE.id} />, {
      path: '/app/automation/onboarding/view/:id',
      at: `/app/automation/onboarding/view/${QUOTE.id}`,
      elsewhere: ['/app/automation/onboarding'],
    });
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));

    expect(await screen.findByText(`“${QUOTE.title}” is on.`)).toBeTruthy();
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/app/automation/onboarding');
    expect(copies().map((call) => call.body)).toEqual([{}]);
    const saves = stub.calls.filter(
      (call) => call.method === 'POST' && call.url.pathname === `/api/vendor/${VENDOR.vendorId}/Trigger/${TRIGGER_ID}`,
    );
    expect(saves.map((call) => call.body)).toEqual([{ ...copiedTrigger(false).definition, enabled: true }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
