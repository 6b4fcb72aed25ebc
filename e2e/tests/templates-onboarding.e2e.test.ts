import { referencesOf, type Sm8ReferenceItem, type Trigger, type TriggerSummary } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { describe, expect, it } from 'vitest';
import { harnessJourneyForFile } from '../support/harness-journey.ts';

/**
 * In Chromium, automation templates and onboarding: a connected vendor goes from the dashboard to
 * the recommended automations, turns two of them on, and both are enabled triggers on the vendor's own
 * ServiceM8 records; adding the "On my way" badge to a job in the simulator runs one of them.
 */

const journey = harnessJourneyForFile();
async function api<T>(pathname: string): Promise<T> {
  const { h, baseUrl } = journey;
  const response = await fetch(`${baseUrl}/api${pathname}`, {
    headers: { authorization: `Bearer ${h.token}` },
  });
  const body = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

describe('onboarding with recommended automations', () => {
  it('turns on two recommendations, which resolve on the vendor’s records and run on a change in ServiceM8', async () => {
    const { h, page } = journey;
    // The dashboard's first steps lead a connected vendor without automations to the recommendations.
    await page.getByRole('link', { name: 'Recommended automations' }).click();
    await page.getByRole('heading', { name: 'Your first automations' }).waitFor();

    // One from its card…
    const onMyWayCard = page.getByRole('article', { name: 'On my way text' });
    await onMyWayCard.getByRole('button', { name: 'Turn on “On my way text”' }).click();
    await page.getByText('“On my way text” is on.').waitFor();
    await onMyWayCard.getByText('On', { exact: true }).waitFor();

    // …and one after seeing it tried on the latest job (a booking confirmation has no conditions: they
    // hold, whether or not the job is booked now).
    await page
      .getByRole('article', { name: 'Booking confirmation' })
      .getByRole('link', { name: 'See how it works' })
      .click();
    await page.getByText(/^On your latest job, \d+/).waitFor();
    await page.getByText(/^Would (run|not run yet): the conditions hold/).waitFor();
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByText('“Booking confirmation” is on.').waitFor();
    await page.getByRole('article', { name: 'Booking confirmation' }).getByText('On', { exact: true }).waitFor();
    expect(h.sim.controls.messages()).toEqual([]);

    const enabled = await api<{ rows: TriggerSummary[] }>(
      `/vendor/${h.vendorId}/Trigger/search?${new URLSearchParams({
        Filters: JSON.stringify([{ action: 'Eq', field: 'enabled', value: true }]),
      })}`,
    );
    expect(enabled.rows.map((row) => row.name).sort()).toEqual(['Booking confirmation', 'On my way']);
    const synced = await api<Sm8ReferenceItem[]>(`/Vendor/${h.vendorId}/servicem8/reference`);
    const onMyWay = await api<Trigger>(
      `/vendor/${h.vendorId}/Trigger/${enabled.rows.find((row) => row.name === 'On my way')?.id}`,
    );
    for (const row of enabled.rows) {
      const trigger = await api<Trigger>(`/vendor/${h.vendorId}/Trigger/${row.id}`);
      for (const reference of referencesOf(trigger.definition)) {
        if ('uuid' in reference) expect(synced.map((item) => item.uuid)).toContain(reference.uuid);
      }
    }
    expect(onMyWay.definition.conditions.items[0]).toMatchObject({ params: { badgeUuid: SEED_IDS.badges.onMyWay } });

    // Leaving for job 1004: its client, Greenway Strata, gets the text.
    await h.change('job', SEED_IDS.jobs.workOrderBlockedSewer, {
      badges: JSON.stringify([SEED_IDS.badges.urgent, SEED_IDS.badges.onMyWay]),
    });
    const [run] = await h.settledRuns(onMyWay.id, 1);
    expect(run?.status).toBe('Succeeded');
    expect(h.sim.controls.messages('sms')).toMatchObject([
      { to: '+61411555204', message: expect.stringContaining('we are on our way to 41 Victoria Road') },
    ]);
  });
});
