// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testActivityEntry } from '@/testing/automation-results.ts';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { VENDOR_A as VENDOR } from '@/testing/sessions.ts';
import { ActivityPage } from './activity-page.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const CHANGES = `/api/vendor/${VENDOR.vendorId}/Trigger/changes`;

let network: ReturnType<typeof stubFetch>;
afterEach(() => network.restore());

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
/** The business has no changes yet. */
const answerNoChanges = () =>
  stubFetch(({ url }) => (url.pathname === CHANGES ? ok({ items: [], nextCursor: null }) : undefined));
const requests = () =>
  network.calls.filter((call) => call.url.pathname === CHANGES).map((call) => call.url.searchParams);

function open() {
  return renderAsRoute(<ActivityPage vendor={VENDOR} />, {
    path: '/app/automation/activity',
    at: '/app/automation/activity',
  });
}

describe('Automation › Activity', () => {
  it('shows each change with what changed, each automation by a link to it, its run and why the other did not run; Load more asks for the next page', async () => {
    network = stubFetch(({ url }) => {
      if (url.pathname !== CHANGES) return undefined;
      return url.searchParams.get('Cursor') === 'page-2'
        ? ok({ items: [testActivityEntry('c2', '1001', { events: [] })], nextCursor: null })
        : ok({ items: [testActivityEntry('c1', '1042')], nextCursor: 'page-2' });
    });
    open();
    expect(screen.getByRole('heading', { name: 'Activity', level: 1 })).toBeTruthy();
    const first = await screen.findByRole('article', { name: 'Job 1042 · Wei Chen' });
    expect(within(first).getByRole('heading', { name: 'Job 1042 · Wei Chen' })).toBeTruthy();
    expect(within(first).getByText('Status: Quote → Work Order')).toBeTruthy();
    expect(within(first).getByText('A job’s status changes', { exact: false })).toBeTruthy();
    expect(within(first).getByText('Conditions not met')).toBeTruthy();
    expect(within(first).getByText("The job's status is Completed? no: it is Work Order.")).toBeTruthy();
    expect(within(first).getByText('Succeeded')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Open run' })).toBeTruthy();
    // Each listening automation is named by a link to it, whether it ran or not.
    expect(within(first).getByRole('link', { name: 'Thank you when completed' }).getAttribute('href')).toBe(
      '/app/automation/view/trigger-1',
    );
    expect(within(first).getByRole('link', { name: 'Status note' }).getAttribute('href')).toBe(
      '/app/automation/view/trigger-2',
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const second = await screen.findByRole('article', { name: 'Job 1001 · Wei Chen' });
    expect(within(second).getByText('This change made no event an automation can start on.')).toBeTruthy();
    expect(requests().at(-1)?.get('Cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches by job number and says when nothing matches', async () => {
    network = stubFetch(({ url }) =>
      url.pathname === CHANGES
        ? ok({ items: url.searchParams.get('Job') ? [] : [testActivityEntry('c1', '1042')], nextCursor: null })
        : undefined,
    );
    open();
    await screen.findByRole('article', { name: 'Job 1042 · Wei Chen' });
    await user.type(screen.getByLabelText('Job number'), '2001');
    await screen.findByText('No change matches these filters.');
    await waitFor(() => expect(requests().at(-1)?.get('Job')).toBe('2001'));
  });

  it('names its loading placeholder as a busy status until the changes arrive', async () => {
    network = answerNoChanges();
    open();
    const loading = await screen.findByRole('status', { name: 'Loading the activity' });
    expect(loading.getAttribute('aria-busy')).toBe('true');
    await screen.findByText(/No changes yet/);
    expect(screen.queryByRole('status', { name: 'Loading the activity' })).toBeNull();
  });

  it('says there is nothing yet when the business has no changes', async () => {
    network = answerNoChanges();
    open();
    await screen.findByText(/No changes yet/);
  });
});
