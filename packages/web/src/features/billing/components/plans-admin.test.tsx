// @vitest-environment happy-dom
import type { Plan } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { write } from '@/testing/write.ts';
import { PlansAdmin } from './plans-admin.tsx';

vi.setConfig({ testTimeout: 20_000 });

const user = userEvent.setup({ delay: null });

const STARTER: Plan = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Starter',
  description: 'For a small team.',
  features: ['5 active automations'],
  monthlyPriceCents: 2900,
  yearlyPriceCents: 29000,
  trialDays: 14,
  limits: { activeTriggers: 5, runsPerMonth: 1000, messagesPerMonth: 500, webAddressDeliveriesPerDay: 500 },
  archived: false,
  prices: [
    { id: '00000000-0000-4000-8000-000000000011', interval: 'month', amountCents: 2900 },
    { id: '00000000-0000-4000-8000-000000000012', interval: 'year', amountCents: 29000 },
  ],
  subscribers: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, message } });
const SEARCH = '/api/Accounting/product/subscription/search';

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

function serve() {
  stub = stubFetch(({ method, url, body }) => {
    if (url.pathname === SEARCH) {
      return ok({ rows: [STARTER], total: 1, totalCapped: false, nextCursor: null, pageNumber: 1, pageSize: 25 });
    }
    if (method === 'POST' && url.pathname === '/api/Accounting/product/subscription/create') {
      return ok({ ...STARTER, ...(body as object), id: '00000000-0000-4000-8000-000000000002', subscribers: 0 });
    }
    if (method === 'DELETE' && url.pathname === `/api/Accounting/product/subscription/${STARTER.id}/delete`) {
      return ok({ ...STARTER, archived: true });
    }
    return undefined;
  });
}

const render = () =>
  renderAsRoute(<PlansAdmin />, { path: '/admin/settings/products/search', at: '/admin/settings/products/search' });

describe('the plans (Settings › Products)', () => {
  it('lists the plans with prices, trial, limits and subscribers', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Plans' });
    const row = (await within(table).findByText('Starter')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('14 days');
    expect(row.textContent).toContain('5 automations · 1,000 runs · 500 messages');
    expect(within(row).getByText('On sale')).toBeTruthy();
  });

  it('creates a plan from the editor, with the prices in cents and one feature a line', async () => {
    serve();
    render();
    await screen.findByRole('table', { name: 'Plans' });
    await user.click(screen.getByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New plan' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Crew');
    // The browser's own limits on the number fields: a trial of up to 90 days, prices in cents, no negatives.
    expect(within(dialog).getByLabelText('Trial days')).toMatchObject({ min: '0', max: '90' });
    expect(within(dialog).getByLabelText('Monthly price (NZD, GST included)')).toMatchObject({
      min: '0',
      step: '0.01',
    });
    expect(within(dialog).getByLabelText('Runs a month')).toMatchObject({ min: '0' });
    await write(user, within(dialog).getByLabelText('Features, one a line'), '10 active automations\nPhone support');
    await user.type(within(dialog).getByLabelText('Monthly price (NZD, GST included)'), '45');
    await user.type(within(dialog).getByLabelText('Yearly price (NZD, GST included)'), '455');
    for (const [label, value] of [
      ['Active automations', '10'],
      ['Runs a month', '2000'],
      ['Emails and texts a month', '800'],
      ['Deliveries to web addresses a day', '1000'],
    ] as const) {
      const input = within(dialog).getByLabelText(label);
      await user.clear(input);
      await user.type(input, value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    await screen.findByText('The Crew plan was created.');
    const created = stub.calls.find((call) => call.url.pathname.endsWith('/subscription/create'));
    expect(created?.body).toMatchObject({
      name: 'Crew',
      features: ['10 active automations', 'Phone support'],
      monthlyPriceCents: 4500,
      yearlyPriceCents: 45500,
      limits: { activeTriggers: 10, runsPerMonth: 2000, messagesPerMonth: 800, webAddressDeliveriesPerDay: 1000 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says under a price what is wrong with it, in place of the note on new buyers', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Plans' });
    await user.click(await within(table).findByText('Starter'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the Starter plan' });
    const monthly = within(dialog).getByLabelText('Monthly price (NZD, GST included)');
    const note = 'A new price applies to new buyers; subscribers keep theirs.';
    expect(within(dialog).getByText(note)).toBeTruthy();

    await user.clear(monthly);
    await user.type(monthly, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('The monthly price must be more than zero.');
    expect(monthly.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByText(note)).toBeNull();
    expect(stub.calls.filter((call) => call.url.pathname.endsWith('/update'))).toHaveLength(0);
  });

  it('says under the daily web-address deliveries what is wrong with them', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Plans' });
    await user.click(await within(table).findByText('Starter'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the Starter plan' });
    const deliveries = within(dialog).getByLabelText('Deliveries to web addresses a day');
    expect((deliveries as HTMLInputElement).value).toBe('500');

    await user.clear(deliveries);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('The number of deliveries to web addresses a day must be a number.');
    expect(deliveries.getAttribute('aria-invalid')).toBe('true');
    expect(stub.calls.filter((call) => call.url.pathname.endsWith('/update'))).toHaveLength(0);
  });

  it('archives a plan only after saying its subscribers keep it', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Plans' });
    await user.click(await within(table).findByRole('button', { name: 'Archive' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archive the Starter plan?' });
    expect(confirm.textContent).toContain('Its 3 subscriber(s) keep it until they change plan.');
    await user.click(within(confirm).getByRole('button', { name: 'Archive' }));
    await screen.findByText('The Starter plan was archived.');
    expect(stub.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
