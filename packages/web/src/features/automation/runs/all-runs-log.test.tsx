// @vitest-environment happy-dom
import type { AdminTriggerRun, TriggerRunDetail, TriggerSummary } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { AllRunsLog } from './all-runs-log.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const VENDOR_ID = '11111111-1111-4111-8111-111111111111';
const RUN: AdminTriggerRun = {
  id: '8a1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11',
  vendorId: VENDOR_ID,
  vendorName: 'Alpha Plumbing',
  triggerId: '6f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11',
  triggerName: 'Quote follow-up',
  triggerVersion: 2,
  event: 'JobQuoteSent',
  status: 'Failed',
  jobUuid: null,
  jobNumber: '1042',
  clientUuid: null,
  formResponseUuid: null,
  dueAt: '2026-04-04T09:00:00.000Z',
  startedAt: '2026-04-04T09:00:00.000Z',
  finishedAt: '2026-04-04T09:00:02.000Z',
  reason: 'The client has no email address.',
  cascadeDepth: 0,
  sm8Calls: 3,
  retry: null,
  warnings: [],
  createdAt: '2026-04-01T09:00:00.000Z',
};
const DETAIL: TriggerRunDetail = { ...RUN, steps: [] };

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const page = (rows: unknown[]) =>
  ok({ rows, total: rows.length, totalCapped: false, nextCursor: null, pageNumber: 1, pageSize: 25 });
const runSearches = () =>
  stub.calls.filter((call) => call.url.pathname === '/api/Admin/runs').map((call) => call.url.searchParams);
const filtersOf = (params: URLSearchParams | undefined) => JSON.parse(params?.get('Filters') ?? '[]') as unknown[];

function VendorPicker({ value, onChange }: { value: string; onChange: (id: string | null) => void }) {
  return (
    <button type="button" data-value={value} onClick={() => onChange(VENDOR_ID)}>
      Pick Alpha
    </button>
  );
}

describe("the super admin's list of every run", () => {
  it('lists runs with their vendor, filters them in the URL and opens a run in the step-log panel', async () => {
    stub = stubFetch(({ url }) => {
      if (url.pathname === '/api/Admin/runs') return page([RUN]);
      if (url.pathname === `/api/vendor/${VENDOR_ID}/Trigger/runs/${RUN.id}`) return ok(DETAIL);
      return undefined;
    });
    const { router } = renderAsRoute(<AllRunsLog vendorFilter={(props) => <VendorPicker {...props} />} />, {
      path: '/admin/automation/runs',
      at: '/admin/automation/runs',
    });
    const table = await screen.findByRole('table', { name: 'Runs' });
    const vendorLink = await within(table).findByRole('link', { name: 'Alpha Plumbing' });
    expect(vendorLink.getAttribute('href')).toBe(`/admin/vendors/${VENDOR_ID}`);
    expect(within(table).getByText('Quote follow-up')).toBeTruthy();
    expect(within(table).getByText('The client has no email address.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Pick Alpha' }));
    await user.click(screen.getByRole('combobox', { name: 'Event' }));
    await user.click(screen.getByRole('option', { name: 'A quote is sent' }));
    await waitFor(() =>
      expect(filtersOf(runSearches().at(-1))).toEqual([
        { action: 'Eq', field: 'vendorId', value: VENDOR_ID },
        { action: 'Eq', field: 'event', value: 'JobQuoteSent' },
      ]),
    );
    expect(router.state.location.search).toContain('JobQuoteSent');

    await user.click(within(table).getByText('1042'));
    const panel = await screen.findByRole('dialog');
    await within(panel).findByText('This run has no steps recorded.');
    // The automation is named, not linked: its editor belongs to the vendor's app.
    expect(within(panel).queryByRole('link', { name: 'Quote follow-up' })).toBeNull();
  });
});

describe('the automation filter of every run', () => {
  const summary = (id: string, name: string): TriggerSummary => ({
    id,
    name,
    description: '',
    event: 'JobQuoteSent',
    enabled: true,
    version: 1,
    actionCount: 1,
    lastRunAt: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
  });
  const OTHER_TRIGGER = '7a2d8d2f-4b2c-4a8f-8b4a-1b5c9f1a9b22';

  it("offers the chosen vendor's automations, and a new vendor clears the automation chosen", async () => {
    stub = stubFetch(({ url }) => {
      if (url.pathname === '/api/Admin/runs') return page([RUN]);
      if (url.pathname === `/api/vendor/${VENDOR_ID}/Trigger/search`) {
        return ok({
          rows: [summary(OTHER_TRIGGER, 'Invoice reminder'), summary(RUN.triggerId, 'Quote follow-up')],
          total: 2,
          pageNumber: 1,
          pageSize: 200,
        });
      }
      return undefined;
    });
    const { router } = renderAsRoute(<AllRunsLog vendorFilter={(props) => <VendorPicker {...props} />} />, {
      path: '/admin/automation/runs',
      at: '/admin/automation/runs',
    });
    await screen.findByRole('table', { name: 'Runs' });
    // Without a vendor there is nothing to choose from.
    await user.click(screen.getByRole('combobox', { name: 'Automation' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Any (pick a vendor first)']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Pick Alpha' }));
    await user.click(screen.getByRole('combobox', { name: 'Automation' }));
    await user.click(await screen.findByRole('option', { name: 'Invoice reminder' }));
    await waitFor(() =>
      expect(filtersOf(runSearches().at(-1))).toEqual([
        { action: 'Eq', field: 'vendorId', value: VENDOR_ID },
        { action: 'Eq', field: 'triggerId', value: OTHER_TRIGGER },
      ]),
    );
    expect(router.state.location.search).toContain(OTHER_TRIGGER);

    // Choosing a vendor again starts from its automations: the one chosen before goes.
    await user.click(screen.getByRole('button', { name: 'Pick Alpha' }));
    await waitFor(() =>
      expect(filtersOf(runSearches().at(-1))).toEqual([{ action: 'Eq', field: 'vendorId', value: VENDOR_ID }]),
    );
  });

  it('names an automation the URL filters by without its vendor, as its runs name it', async () => {
    stub = stubFetch(({ url }) => (url.pathname === '/api/Admin/runs' ? page([RUN]) : undefined));
    const Filters = JSON.stringify([{ action: 'Eq', field: 'triggerId', value: RUN.triggerId }]);
    renderAsRoute(<AllRunsLog vendorFilter={(props) => <VendorPicker {...props} />} />, {
      path: '/admin/automation/runs',
      at: `/admin/automation/runs?${new URLSearchParams({ Filters })}`,
    });
    const table = await screen.findByRole('table', { name: 'Runs' });
    await within(table).findByText('1042');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Automation' }).textContent).toBe('Quote follow-up'),
    );
    expect(filtersOf(runSearches().at(-1))).toEqual([{ action: 'Eq', field: 'triggerId', value: RUN.triggerId }]);
  });
});
