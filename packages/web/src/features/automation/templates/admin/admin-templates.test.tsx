// @vitest-environment happy-dom
import type { TriggerTemplate } from '@automate/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { AdminTemplates } from './admin-templates.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const BASE = '/admin/automation/templates';
const DRAFT: TriggerTemplate = {
  id: '44444444-4444-4444-8444-444444444444',
  title: 'Welcome a new client',
  description: 'A welcome email.',
  category: 'Follow-ups',
  published: false,
  onboardingOrder: 3,
  definition: {
    name: 'Welcome',
    description: '',
    enabled: false,
    event: 'ClientIsCreated',
    targetKind: 'Client',
    conditions: { combiner: 'And', items: [] },
    recheckBeforeRun: true,
    ignoreQuietHours: false,
    actions: [],
  },
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

describe('the admin template list', () => {
  it('lists drafts too, with status and onboarding order, links each to its editor and filters by category', async () => {
    stub = stubFetch(({ url }) =>
      url.pathname === '/api/TriggerTemplate/search'
        ? { status: 200, body: { success: true, data: { rows: [DRAFT], total: 1, pageNumber: 1, pageSize: 25 } } }
        : undefined,
    );
    renderAsRoute(<AdminTemplates basePath={BASE} />, {
      path: `${BASE}/search`,
      at: `${BASE}/search`,
    });
    const table = await screen.findByRole('table', { name: 'Templates' });
    const row = (await within(table).findByRole('link', { name: DRAFT.title })).closest('tr');
    expect(row?.textContent).toContain('Draft');
    expect(row?.textContent).toContain('#3');
    expect(screen.getByRole('link', { name: 'New template' }).getAttribute('href')).toBe(`${BASE}/view/new`);

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Follow-ups' }));
    const last = stub.calls.filter((call) => call.url.pathname === '/api/TriggerTemplate/search').at(-1);
    expect(JSON.parse(last?.url.searchParams.get('Filters') ?? '[]')).toEqual([
      { action: 'Eq', field: 'category', value: 'Follow-ups' },
    ]);

    expect(within(table).getByRole('link', { name: DRAFT.title }).getAttribute('href')).toBe(
      `${BASE}/view/${DRAFT.id}`,
    );
  });
});
