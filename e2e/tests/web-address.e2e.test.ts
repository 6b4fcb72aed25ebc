import { startWebReceiver, type WebReceiver } from '@automate/server/testing';
import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessJourneyForFile, reloadUntilVisible } from '../support/harness-journey.ts';
import { pickOption } from '../support/select.ts';

/**
 * An Admin makes an API key for a script, then sends to a web address: makes the signing secret in
 * Account, writes an automation with the
 * action in the editor (an extra header), sends a test to a receiver on this machine and reads its
 * answer, then a change in ServiceM8 runs it, and the step log shows what the receiver answered.
 * The receiver is on loopback, reached through the test-only `WEB_ADDRESS_TEST_LOOPBACK`.
 */

const JOB = { uuid: SEED_IDS.jobs.quoteKitchenTap, number: '1001' };
const NAME = 'Tell the website about completed jobs';

const journey = harnessJourneyForFile(undefined, { env: { WEB_ADDRESS_TEST_LOOPBACK: 'true' } });
let receiver: WebReceiver;
let apiKey = '';

beforeAll(async () => {
  receiver = await startWebReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

describe('Send to a web address', () => {
  it('makes an API key in Account › API keys, shown once and listed after', async () => {
    const { page, baseUrl } = journey;
    await page.goto(`${baseUrl}/app/account/api-keys`);
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByRole('textbox', { name: 'Key name' }).fill('Website sync');
    await page.getByRole('button', { name: 'Make the key' }).click();
    const key = page.getByRole('textbox', { name: 'New API key' });
    await key.waitFor();
    apiKey = await key.inputValue();
    expect(apiKey).toMatch(/^atm_live_/);
    const row = page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: 'Website sync' });
    await row.getByText('Read only').waitFor();
    await row.getByText('Never').waitFor();
  });

  it('makes the signing secret, shown once, in Account › Web addresses', async () => {
    const { page, baseUrl } = journey;
    await page.goto(`${baseUrl}/app/account/web-addresses`);
    await page.getByRole('heading', { level: 1, name: 'Web addresses' }).waitFor();
    await page.getByText('No secret yet').waitFor();
    // The harness's business has no plan: it keeps the 10,000 a day of a business never billed.
    await page.getByText(/^0 of 10,000 a day without a plan/).waitFor();
    await page.getByRole('button', { name: 'Make the secret' }).click();
    const secret = page.getByRole('textbox', { name: 'New signing secret' });
    await secret.waitFor();
    expect(await secret.inputValue()).toMatch(/^atm_whsec_/);
    await page.getByText('Copy the secret now: it is not shown again.').waitFor();
    await page.getByRole('button', { name: 'Rotate the secret' }).waitFor();
  });

  it('configures the action, sends a test and sees the answer, then a run shows the answer in its step log', async () => {
    const { h, page, baseUrl } = journey;
    await page.goto(`${baseUrl}/app/automation/view/new`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(NAME);
    await page.getByRole('switch', { name: 'Enabled' }).check();
    await pickOption(page, page.getByRole('combobox', { name: 'When', exact: true }), 'A job is completed');
    await page.getByRole('button', { name: 'Add action' }).click();
    await page.getByRole('menuitem', { name: /^Send to a web address/ }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });

    const action = page.getByRole('group', { name: '1. Send to a web address' });
    await action.getByRole('textbox', { name: 'Web address' }).fill(receiver.url('/hooks/automate'));
    await action.getByRole('button', { name: 'Add a header' }).click();
    await action.getByRole('textbox', { name: 'Header 1 name' }).fill('X-Api-Key');
    await action.getByLabel('Header 1 value').fill('journey-key-77');

    receiver.plan({ status: 202, body: '{"queued":"test-1"}' });
    await action.getByRole('button', { name: 'Send a test' }).click();
    const result = action.getByRole('status');
    await result.getByText('Status 202').waitFor();
    await result.getByText('{"queued":"test-1"}').first().waitFor();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers['x-api-key']).toBe('journey-key-77');

    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/app\/automation\/view\/[0-9a-f-]{36}$/);
    await page.getByText('All changes saved').waitFor();
    // The saved header value is kept secret in the editor.
    await page.getByRole('group', { name: '1. Send to a web address' }).getByText('Saved and kept secret.').waitFor();

    receiver.plan({ status: 200, body: 'thanks, job received' });
    await h.change('job', JOB.uuid, { status: 'Completed' });
    await page.goto(`${baseUrl}/app/automation/logs`);
    const row = page
      .getByRole('table', { name: 'Runs' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: NAME, exact: true }) });
    await reloadUntilVisible(
      page,
      row.getByTestId('run-status').filter({ hasText: /^Succeeded$/ }),
      'the run to succeed',
    );
    await row.getByRole('cell', { name: JOB.number, exact: true }).click();
    const panel = page.getByRole('dialog', { name: NAME });
    const step = panel.getByTestId('run-step').filter({ hasText: 'Send to a web address' });
    await step.getByText(/which answered 200\. It answered: thanks, job received/).waitFor();
    const delivered = receiver.received.at(-1);
    expect(JSON.parse(delivered?.body ?? '{}')).toMatchObject({
      event: 'JobCompleted',
      records: { job: { uuid: JOB.uuid } },
    });
  });
});
