// @vitest-environment happy-dom
import type { CurrentSubscription } from '@automate/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatVendorTime } from '@/lib/vendor-time.ts';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { ACTIVE_SUBSCRIPTION } from '@/testing/subscriptions.ts';
import { testVendor } from '@/testing/vendors.ts';
import { SubscriptionOverview } from './subscription-overview.tsx';

vi.setConfig({ testTimeout: 20_000 });

const VENDOR_ID = '11111111-1111-4111-8111-111111111111';
const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, message } });

/** A date as the business reads it: on its own clock, named where the browser's differs. */
const businessDate = (iso: string) => formatVendorTime(iso, testVendor({ id: VENDOR_ID }).timeZone, 'date');

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

function show(subscription: CurrentSubscription | null, vendorPlan: string | null = null) {
  let current = subscription;
  stub = stubFetch(({ method, url }) => {
    if (method === 'GET' && url.pathname === `/api/Vendor/${VENDOR_ID}`) {
      return ok(
        testVendor({ id: VENDOR_ID, currentSubscriptionType: vendorPlan, hasCurrentSubscription: vendorPlan !== null }),
      );
    }
    if (method === 'GET' && url.pathname === '/api/Accounting/product/sub/active') return ok(current);
    if (method === 'GET' && url.pathname === '/api/Accounting/subscription/sub_1/cancel' && current) {
      current = { ...current, cancelAtPeriodEnd: true };
      return ok(current, 'The subscription cancels at the end of its period.');
    }
    if (method === 'GET' && url.pathname === '/api/Accounting/subscription/sub_1/resume' && current) {
      current = { ...current, cancelAtPeriodEnd: false };
      return ok(current, 'The subscription continues.');
    }
    return undefined;
  });
  return renderAsRoute(
    <SubscriptionOverview vendorId={VENDOR_ID} vendorName="Alpha Plumbing" checkoutPath="/checkout" canManage />,
    { path: '/', at: '/' },
  );
}

describe('the subscription overview', () => {
  it('shows the plan, its renewal and its usage against the limits', async () => {
    show(ACTIVE_SUBSCRIPTION);
    expect(await screen.findByRole('heading', { name: 'Pro plan' })).toBeTruthy();
    expect(await screen.findByText(`Renews on ${businessDate('2026-12-01T00:00:00.000Z')}`)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Automation runs: 9,000 of 10,000' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe('/checkout');
    const read = stub.calls.find((call) => call.url.pathname === '/api/Accounting/product/sub/active');
    expect(read?.headers.get('x-vendor-id')).toBe(VENDOR_ID);
  });

  it('cancels at the period end after confirming, then resumes', async () => {
    const user = userEvent.setup();
    show(ACTIVE_SUBSCRIPTION);
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/stays active until/)).toBeTruthy();
    // Each button says what it does: no "Cancel" that keeps and "Confirm" that cancels.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Keep subscription', 'Cancel subscription']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText(`Cancels on ${businessDate('2026-12-01T00:00:00.000Z')}`)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText(`Renews on ${businessDate('2026-12-01T00:00:00.000Z')}`)).toBeTruthy();
  });

  it('warns when a payment failed, with the end of the grace', async () => {
    show({ ...ACTIVE_SUBSCRIPTION, status: 'past_due', graceEndsAt: '2026-12-08T00:00:00.000Z' });
    expect(await screen.findByText(/The last payment failed/)).toBeTruthy();
    expect(screen.getByText(new RegExp(`until ${businessDate('2026-12-08T00:00:00.000Z')}`))).toBeTruthy();
  });

  it('offers the plans to a business without a subscription', async () => {
    show(null);
    expect(await screen.findByText('Alpha Plumbing has no subscription.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toBeTruthy();
  });

  it('names the plan a business is on without a subscription as the admin pages do, with nothing to pay', async () => {
    show(null, 'Demo');
    expect(await screen.findByRole('heading', { name: 'Demo plan' })).toBeTruthy();
    expect(
      screen.getByText('Alpha Plumbing is on the Demo plan without a subscription, so there is nothing to pay.'),
    ).toBeTruthy();
  });
});
