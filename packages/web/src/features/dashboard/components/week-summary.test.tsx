// @vitest-environment happy-dom
import type { WeekResults } from '@automate/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCurrency } from '@/lib/format.ts';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { WeekSummary, weekSentence } from './week-summary.tsx';

vi.setConfig({ testTimeout: 20_000 });

const VENDOR_ID = '11111111-1111-4111-8111-111111111111';
const WEEK: WeekResults = {
  from: '2026-03-24T11:00:00.000Z',
  to: '2026-03-31T02:00:00.000Z',
  emailsSent: 84,
  textsSent: 31,
  notesAdded: 120,
  quotesApprovedAfterFollowUp: 12,
  quotesApprovedValue: 18_400,
};

let stub: ReturnType<typeof stubFetch> | undefined;
afterEach(() => stub?.restore());

describe('the week on the dashboard', () => {
  it('says in one line what the automations did and the quotes approved after a follow-up', async () => {
    stub = stubFetch(({ url }) =>
      url.pathname === `/api/vendor/${VENDOR_ID}/Trigger/results/week`
        ? { status: 200, body: { success: true, data: WEEK } }
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
      ...WEEK,
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
