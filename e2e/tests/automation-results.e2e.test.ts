import { resultsHistory } from '@automate/server/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { harnessJourneyForFile } from '../support/harness-journey.ts';

/**
 * The Results panel of an automation, for a history seeded as the engine writes it: 10 quotes followed
 * up 30 days ago, 4 of them approved 5 days later, and 3 quotes it did not run on (too few to show).
 */

const journey = harnessJourneyForFile();
let chaser: string;

beforeAll(async () => {
  const { h } = journey;
  chaser = await h.createTrigger({
    name: 'Quote chaser',
    event: 'JobQuoteSent',
    actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Followed up' } }],
  });
  const history = resultsHistory(h, h.vendorId);
  await history.savedDaysAgo(chaser, 60);
  for (let i = 0; i < 10; i++) {
    const job = await history.job({ status: 'Quote', total: 2500 });
    await history.statusChange(job, 'Work Order', 'Quote', history.daysAgo(31));
    await history.run(chaser, job, history.daysAgo(30));
    if (i < 4) await history.quoteApproved(job, history.daysAgo(25));
  }
  for (let i = 0; i < 3; i++)
    await history.event(await history.job({ status: 'Quote' }), 'JobAddedToQuote', history.daysAgo(40));
});

describe('Results of an automation', () => {
  it('shows the share of followed-up quotes approved after it, their value, and what is too few to show', async () => {
    const { page, baseUrl } = journey;
    await page.goto(`${baseUrl}/app/automation/view/${chaser}/logs`);
    const panel = page.getByRole('region', { name: 'Results' });
    await panel.getByTestId('results-quotes-followed').getByText('40%').waitFor();
    expect(await panel.getByTestId('results-quotes-followed').textContent()).toContain('40% of 10 quotes');
    expect(await panel.getByTestId('results-quotes-value').textContent()).toMatch(
      /^4 approved after a follow-up, worth \$10,000\.00$/,
    );
    expect(await panel.getByTestId('results-quotes-others').textContent()).toContain('Shown from 10 quotes; 3 so far.');
    expect(await panel.textContent()).not.toMatch(/caused/i);
  });

  it('says the week in one line on the dashboard', async () => {
    const { page, baseUrl } = journey;
    await page.goto(`${baseUrl}/app/dashboard`);
    const line = page.getByTestId('week-summary');
    await line.waitFor();
    expect(await line.textContent()).toMatch(/^Last 7 days: /);
  });
});
