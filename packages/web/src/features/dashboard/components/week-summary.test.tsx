// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCurrency } from '@/lib/format.ts';
import { WEEK_RESULTS } from '@/testing/automation-results.ts';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { WeekSummary, weekSentence } from './week-summary.tsx';

vi.setConfig({ testTimeout: 20_000 });

const VENDOR_ID = '11111111-1111-4111-8111-111111111111';

let stub: ReturnType<typeof stubFetch> | undefined;
afterEach(() => stub?.restore());

describe('the week on the dashboard', () => {
  it('says in one line what the automations did and the quotes approved after a follow-up', async () => {
    stub = stubFetch(({ url }) =>
      url.pathname === `/api/vendor/${VENDOR_ID}/Trigger/results/week`
        ? { status: 200, body: { success: true, data: WEEK_RESULTS } }
        : undefined,
    );
    renderWithProviders(<WeekSummary vendorId={VENDOR_ID} />);
    expect(screen.getByRole('status', { name: 'Loading the last 7 days' })).toBeTruthy();
    expect((await screen.findByTestId('week-summary')).textContent).toBe(
      `Last 7 days: sent 84 emails and 31 texts, added 120 notes; 12 quotes approved after a follow-up, ${formatCurrency(18_400)}.`,
    );
  });

  it('words a quiet week and single items', () => {
    const quiet = {
      ...WEEK_RESULTS,
      emailsSent: 0,
      textsSent: 0,
      notesAdded: 0,
      quotesApprovedAfterFollowUp: 0,
      quotesApprovedValue: 0,
    };
    expect(weekSentence(quiet)).toBe('Last 7 days: your automations sent no messages and added no notes.');
    expect(weekSentence({ ...quiet, textsSent: 1 })).toBe(
      'Last 7 days: sent 1 text; no quotes approved after a follow-up.',
    );
  });
});
