// @vitest-environment happy-dom
import type { AutomationResults } from '@automate/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCurrency } from '@/lib/format.ts';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { ResultsPanel } from './results-panel.tsx';

vi.setConfig({ testTimeout: 20_000 });

const VENDOR_ID = '11111111-1111-4111-8111-111111111111';
const TRIGGER_ID = '22222222-2222-4222-8222-222222222222';
const RESULTS = `/api/vendor/${VENDOR_ID}/Trigger/${TRIGGER_ID}/results`;

const base: AutomationResults = {
  triggerId: TRIGGER_ID,
  from: '2026-01-01T00:00:00.000Z',
  countedUntil: '2026-03-17T00:00:00.000Z',
  computedAt: '2026-03-31T00:00:00.000Z',
  quoteFollowUps: null,
  paymentReminders: null,
  formRequests: null,
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

function answer(results: AutomationResults | null) {
  stub = stubFetch(({ url }) => {
    if (url.pathname !== RESULTS) return undefined;
    return results
      ? { status: 200, body: { success: true, data: results } }
      : { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong on our side.' } };
  });
  return renderWithProviders(<ResultsPanel vendorId={VENDOR_ID} triggerId={TRIGGER_ID} />);
}

describe('ResultsPanel', () => {
  it('shows each figure with its sample size, and why a figure from too few quotes is not shown', async () => {
    answer({
      ...base,
      quoteFollowUps: {
        approvedAfterFollowUp: { value: 0.4, sample: 10, note: null },
        approvedCount: 4,
        approvedValue: 18_400,
        approvedWithoutFollowUp: { value: null, sample: 6, note: 'Shown from 10 quotes; 6 so far.' },
      },
    });
    expect((await screen.findByTestId('results-quotes-followed')).textContent).toContain(
      'Approved within 14 days after a follow-up40% of 10 quotes',
    );
    expect(screen.getByTestId('results-quotes-value').textContent).toContain(
      `4 approved after a follow-up, worth ${formatCurrency(18_400)}`,
    );
    expect(screen.getByTestId('results-quotes-others').textContent).toContain(
      'Compared with quotes of the same period not followed upShown from 10 quotes; 6 so far.',
    );
    expect(screen.getByTestId('results-panel').textContent).not.toMatch(/caused/i);
    expect(screen.queryByTestId('results-paid')).toBeNull();
  });

  it('shows payment reminders in days, compared with before', async () => {
    answer({
      ...base,
      paymentReminders: {
        paidAfterReminder: { value: 0.5, sample: 12, note: null },
        medianDaysToPayAfterReminder: { value: 6.5, sample: 10, note: null },
        medianDaysToPayBefore: { value: 11, sample: 20, note: null },
      },
    });
    expect((await screen.findByTestId('results-paid')).textContent).toContain('50% of 12 invoices');
    expect(screen.getByTestId('results-days-after').textContent).toContain('6.5 days of 10 paid invoices');
    expect(screen.getByTestId('results-days-before').textContent).toContain(
      'Compared with the median time to pay before this automation was switched on11 days of 20 paid invoices',
    );
  });

  it('shows the forms filled in after a request', async () => {
    answer({
      ...base,
      formRequests: {
        submittedAfterRequest: { value: 0.364, sample: 11, note: null },
        submittedCount: 4,
        countedUntil: '2026-03-24T00:00:00.000Z',
      },
    });
    expect((await screen.findByTestId('results-forms')).textContent).toContain(
      'A form filled in on the job within 7 days after the request36% of 11 requests',
    );
    expect(screen.getByTestId('results-panel').textContent).toContain('4 forms filled in after a request');
  });

  it('says when there is nothing to show, and when the results could not be loaded', async () => {
    const { unmount } = answer(base);
    expect((await screen.findByTestId('results-empty')).textContent).toContain(
      'did not run on a quote or on an unpaid invoice',
    );
    unmount();
    stub.restore();
    answer(null);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
  });

  it('shows a placeholder while loading', () => {
    answer(base);
    expect(screen.getByRole('status', { name: 'Loading the results' })).toBeTruthy();
  });
});
