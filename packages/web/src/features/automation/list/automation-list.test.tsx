// @vitest-environment happy-dom
import type { Trigger, TriggerDefinition, TriggerSummary, VendorMembership } from '@automate/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { VENDOR_A as VENDOR } from '@/testing/sessions.ts';
import { AutomationList } from './automation-list.tsx';
import { copyName } from './use-trigger-actions.ts';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const BASE = `/api/vendor/${VENDOR.vendorId}/Trigger`;
const TRIGGER_ID = '6f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11';
const COPY_ID = '7f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11';

const DEFINITION: TriggerDefinition = {
  name: 'Quote follow-up',
  description: 'Nudge the client three days after the quote.',
  enabled: false,
  event: 'JobQuoteSent',
  targetKind: 'Job',
  conditions: { combiner: 'And', items: [] },
  delay: { amount: 3, unit: 'Day' },
  recheckBeforeRun: true,
  ignoreQuietHours: false,
  actions: [{ id: 'a1', type: 'Job_AddNote', params: { text: 'Followed up' } }],
};
const TRIGGER: Trigger = {
  id: TRIGGER_ID,
  vendorId: VENDOR.vendorId,
  version: 4,
  definition: DEFINITION,
  attachments: [],
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-04-01T09:00:00.000Z',
};
const SUMMARY: TriggerSummary = {
  id: TRIGGER_ID,
  name: DEFINITION.name,
  description: DEFINITION.description,
  event: DEFINITION.event,
  enabled: false,
  version: 4,
  actionCount: 1,
  lastRunAt: null,
  createdAt: TRIGGER.createdAt,
  updatedAt: TRIGGER.updatedAt,
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

const ok = (data: unknown, status = 200, message?: string) => ({ status, body: { success: true, data, message } });
const page = (rows: unknown[], total = rows.length) => ok({ rows, total, pageNumber: 1, pageSize: 50 });
const searches = () =>
  stub.calls.filter((call) => call.url.pathname === `${BASE}/search`).map((call) => call.url.searchParams);

function renderList(at = '/app/automation/search', vendor: VendorMembership = VENDOR) {
  return renderAsRoute(<AutomationList vendor={vendor} />, {
    path: '/app/automation/search',
    at,
    elsewhere: ['/app/automation/view/:id'],
  });
}

describe('the automation list', () => {
  it('sends the page, size and sort of the URL, and keeps sort changes in the history', async () => {
    stub = stubFetch(({ url }) => (url.pathname === `${BASE}/search` ? page([SUMMARY], 120) : undefined));
    const { router } = renderList(
      '/app/automation/search?PageNumber=3&PageSize=10&SortBy=updatedAt&SortDir=Descending',
    );
    const table = await screen.findByRole('table', { name: 'Automations' });
    await within(table).findByRole('link', { name: 'Quote follow-up' });
    expect(Object.fromEntries(searches()[0] ?? [])).toEqual({
      PageNumber: '3',
      PageSize: '10',
      SortBy: 'updatedAt',
      SortDir: 'Descending',
    });
    expect(within(table).getByText('A quote is sent')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(searches().at(-1)?.get('SortBy')).toBe('name'));
    expect(searches().at(-1)?.get('SortDir')).toBe('Ascending');
    expect(searches().at(-1)?.get('PageNumber')).toBe('1');
    expect(new URLSearchParams(router.state.location.search).get('SortBy')).toBe('name');

    // Back restores the previous search.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('SortBy')).toBe('updatedAt'));
    expect(screen.getByRole('button', { name: 'Updated' }).closest('th')?.getAttribute('aria-sort')).toBe('descending');
  });

  it('shows the page, size and sort of the URL, and the next page keeps the size and sort in the URL', async () => {
    // Three automations by name, descending, one to a page.
    const byName = ['Charlie reminder', 'Bravo reminder', 'Alpha reminder'].map((name, index) => ({
      ...SUMMARY,
      id: `6f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a2${index}`,
      name,
      description: '',
    }));
    stub = stubFetch(({ url }) => {
      if (url.pathname !== `${BASE}/search`) return undefined;
      const pageNumber = Number(url.searchParams.get('PageNumber'));
      return ok({ rows: byName.slice(pageNumber - 1, pageNumber), total: 3, pageNumber, pageSize: 1 });
    });
    const { router } = renderList('/app/automation/search?PageNumber=2&PageSize=1&SortBy=name&SortDir=Descending');
    const table = await screen.findByRole('table', { name: 'Automations' });
    const bodyRows = () => within(table).getAllByRole('row').slice(1);

    await within(table).findByRole('link', { name: 'Bravo reminder' });
    expect(bodyRows()).toHaveLength(1);
    expect(within(table).getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('combobox', { name: /Rows per page/ }).textContent).toBe('1');
    expect(screen.getByText('2–2 of 3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await within(table).findByRole('link', { name: 'Alpha reminder' });
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('3–3 of 3')).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      PageNumber: '3',
      PageSize: '1',
      SortBy: 'name',
      SortDir: 'Descending',
    });
    expect(Object.fromEntries(searches().at(-1) ?? [])).toEqual({
      PageNumber: '3',
      PageSize: '1',
      SortBy: 'name',
      SortDir: 'Descending',
    });
  });

  it('shows a switched-on automation’s switch on, and its event in words', async () => {
    stub = stubFetch(({ url }) =>
      url.pathname === `${BASE}/search`
        ? page([{ ...SUMMARY, name: 'Urgent job completed', event: 'JobCompleted', enabled: true }])
        : undefined,
    );
    renderList();
    const toggle = (await screen.findByRole('switch', { name: 'On: Urgent job completed' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    const row = toggle.closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: 'A job is completed' })).toBeTruthy();
  });

  it('opens a new automation from the header’s “New automation”', async () => {
    stub = stubFetch(({ url }) => (url.pathname === `${BASE}/search` ? page([SUMMARY]) : undefined));
    const { router } = renderList();
    await screen.findByRole('link', { name: 'Quote follow-up' });
    const create = screen.getByRole('link', { name: 'New automation' });
    expect(create.getAttribute('href')).toBe('/app/automation/view/new');
    await user.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/automation/view/new'));
  });

  it('uses the sidebar defaults (page 1, 50, name ascending) without a query', async () => {
    stub = stubFetch(({ url }) => (url.pathname === `${BASE}/search` ? page([SUMMARY]) : undefined));
    renderList();
    await screen.findByRole('link', { name: 'Quote follow-up' });
    expect(Object.fromEntries(searches()[0] ?? [])).toEqual({
      PageNumber: '1',
      PageSize: '50',
      SortBy: 'name',
      SortDir: 'Ascending',
    });
  });

  it('switching a row on reads the trigger and posts its whole definition with enabled flipped', async () => {
    let enabled = false;
    stub = stubFetch(({ method, url }) => {
      if (url.pathname === `${BASE}/search`) return page([{ ...SUMMARY, enabled }]);
      if (method === 'GET' && url.pathname === `${BASE}/${TRIGGER_ID}`) return ok(TRIGGER);
      if (method === 'POST' && url.pathname === `${BASE}/${TRIGGER_ID}`) {
        enabled = true;
        return ok({ ...TRIGGER, version: 5, definition: { ...DEFINITION, enabled: true } }, 200, 'Saved.');
      }
      return undefined;
    });
    renderList();
    const toggle = (await screen.findByRole('switch', { name: 'On: Quote follow-up' })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    await screen.findByText('“Quote follow-up” is on.');
    const post = stub.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ ...DEFINITION, enabled: true });
    const order = stub.calls.filter((call) => call.url.pathname === `${BASE}/${TRIGGER_ID}`).map((call) => call.method);
    expect(order).toEqual(['GET', 'POST']);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(searches().length).toBeGreaterThan(1);
  });

  it('shows the server’s sentence when switching on is refused, and the switch goes back', async () => {
    stub = stubFetch(({ method, url }) => {
      if (url.pathname === `${BASE}/search`) return page([SUMMARY]);
      if (method === 'GET' && url.pathname === `${BASE}/${TRIGGER_ID}`) return ok(TRIGGER);
      if (method === 'POST') {
        return {
          status: 400,
          body: {
            success: false,
            code: 'VALIDATION_FAILED',
            message: 'Actions: add at least one action before enabling the trigger.',
          },
        };
      }
      return undefined;
    });
    renderList();
    const toggle = (await screen.findByRole('switch', { name: 'On: Quote follow-up' })) as HTMLInputElement;
    await user.click(toggle);
    await screen.findByText('Actions: add at least one action before enabling the trigger.');
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it('deletes a trigger only after the confirm dialog', async () => {
    let rows = [SUMMARY];
    stub = stubFetch(({ method, url }) => {
      if (url.pathname === `${BASE}/search`) return page(rows);
      if (method === 'DELETE' && url.pathname === `${BASE}/${TRIGGER_ID}`) {
        rows = [];
        return ok(null, 200, 'The trigger was deleted.');
      }
      return undefined;
    });
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete Quote follow-up' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete automation' });
    expect(within(dialog).getByText(/Delete “Quote follow-up”\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Quote follow-up' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete automation' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('The trigger was deleted.');
    expect(stub.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    // The list reloads: now empty, it says what to do next.
    await screen.findByTestId('automations-empty');
  });

  it('duplicates as “Copy of …”, switched off, and opens the copy', async () => {
    stub = stubFetch(({ method, url }) => {
      if (url.pathname === `${BASE}/search`) return page([{ ...SUMMARY, enabled: true }]);
      if (method === 'GET' && url.pathname === `${BASE}/${TRIGGER_ID}`)
        return ok({ ...TRIGGER, definition: { ...DEFINITION, enabled: true } });
      if (method === 'POST' && url.pathname === BASE) {
        return ok(
          { ...TRIGGER, id: COPY_ID, version: 1, definition: { ...DEFINITION, name: 'Copy of Quote follow-up' } },
          201,
        );
      }
      return undefined;
    });
    const { router } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Quote follow-up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/automation/view/${COPY_ID}`));
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({
      ...DEFINITION,
      name: 'Copy of Quote follow-up',
      enabled: false,
    });
  });

  it('with no automations and ServiceM8 not connected, says to connect it or start from a template', async () => {
    stub = stubFetch(({ url }) => (url.pathname === `${BASE}/search` ? page([]) : undefined));
    renderList('/app/automation/search', { ...VENDOR, sm8Connected: false });
    const empty = await screen.findByTestId('automations-empty');
    expect(within(empty).getByRole('link', { name: 'Connect ServiceM8' }).getAttribute('href')).toBe(
      '/api/Auth/login/servicem8',
    );
    expect(within(empty).getByRole('link', { name: 'Copy from templates' }).getAttribute('href')).toBe(
      '/app/automation/templates',
    );
    expect(within(empty).getByRole('link', { name: 'New automation' })).toBeTruthy();
  });

  it('shows skeleton rows while the first page loads', async () => {
    stub = stubFetch(() => undefined);
    const original = globalThis.fetch;
    globalThis.fetch = () => new Promise<Response>(() => {});
    try {
      renderList();
      expect((await screen.findAllByTestId('skeleton-table-row')).length).toBeGreaterThan(0);
    } finally {
      globalThis.fetch = original;
    }
  });

  it('keeps copy names within the name limit', () => {
    expect(copyName('Quote follow-up')).toBe('Copy of Quote follow-up');
    expect(copyName('x'.repeat(100))).toHaveLength(100);
  });
});
