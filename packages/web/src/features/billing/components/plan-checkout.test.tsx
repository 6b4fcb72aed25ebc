// @vitest-environment happy-dom
import type { Plan } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { PlanCheckout } from './plan-checkout.tsx';

vi.setConfig({ testTimeout: 20_000 });

const VENDOR_ID = '11111111-1111-4111-8111-111111111111';
const plan = (name: string, monthly: number, id: string): Plan => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  description: `${name} description`,
  features: [`${name} feature`],
  monthlyPriceCents: monthly,
  yearlyPriceCents: monthly * 10,
  trialDays: name === 'Starter' ? 14 : 0,
  limits: { activeTriggers: 5, runsPerMonth: 1000, messagesPerMonth: 500, webAddressDeliveriesPerDay: 500 },
  archived: false,
  prices: [
    { id: `00000000-0000-4000-8000-0000000000${id}1`, interval: 'month', amountCents: monthly },
    { id: `00000000-0000-4000-8000-0000000000${id}2`, interval: 'year', amountCents: monthly * 10 },
  ],
  subscribers: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const PLANS = [plan('Starter', 2900, '1'), plan('Pro', 7900, '2')];
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

let stub: ReturnType<typeof stubFetch>;
afterEach(() => {
  stub.restore();
  vi.restoreAllMocks();
});

function serve(
  checkout: (priceId: string) => { status: number; body: unknown },
  more: Parameters<typeof stubFetch>[0] = () => undefined,
  subscription: unknown = null,
) {
  stub = stubFetch((request) => {
    const { url } = request;
    if (url.pathname === '/api/Accounting/product/subscription/active') return ok(PLANS);
    if (url.pathname === '/api/Accounting/product/sub/active') return ok(subscription);
    const match = /^\/api\/Accounting\/checkout\/(.+)$/.exec(url.pathname);
    if (match?.[1]) return checkout(match[1]);
    return more(request);
  });
}

function fakePopup() {
  const popup = { location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return popup;
}

describe('checkout', () => {
  it('shows monthly or yearly prices and sends the popup to the payment page of the chosen price', async () => {
    const user = userEvent.setup();
    serve((priceId) => ok({ url: `https://pay.example/c/${priceId}`, changedInPlace: false }));
    const popup = fakePopup();
    renderAsRoute(<PlanCheckout vendorId={VENDOR_ID} overviewPath="/overview" />, { path: '/', at: '/' });
    const pro = await screen.findByRole('region', { name: 'Pro plan' });
    expect(within(pro).getByText('$79.00')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Starter plan' })).getByText(/14-day free trial/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(within(pro).getByText('$790.00')).toBeTruthy();

    await user.click(within(pro).getByRole('button', { name: 'Choose Pro' }));
    await waitFor(() => expect(popup.location.href).toBe(`https://pay.example/c/${PLANS[1]?.prices[1]?.id}`));
    expect(
      stub.calls.find((call) => call.url.pathname.startsWith('/api/Accounting/checkout/'))?.headers.get('x-vendor-id'),
    ).toBe(VENDOR_ID);
  });

  it('closes the popup and says why when the server refuses the change', async () => {
    const user = userEvent.setup();
    serve(() => ({
      status: 400,
      body: {
        success: false,
        code: 'BAD_REQUEST',
        message: 'Your Starter plan allows 5 active automations, and 6 are on: switch 1 off before changing plan.',
      },
    }));
    const popup = fakePopup();
    renderAsRoute(<PlanCheckout vendorId={VENDOR_ID} overviewPath="/overview" />, { path: '/', at: '/' });
    await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    expect(await screen.findByText(/and 6 are on: switch 1 off before changing plan/)).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
  });

  it('asks which automations to switch off before a plan that allows fewer, then changes plan in place', async () => {
    const user = userEvent.setup();
    const base = `/api/vendor/${VENDOR_ID}/Trigger`;
    const summary = (id: string, name: string) => ({
      id,
      name,
      description: '',
      event: 'JobIsCreated',
      enabled: true,
      version: 1,
      actionCount: 1,
      lastRunAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const triggers = ['a', 'b', 'c', 'd', 'e', 'f'].map((letter) =>
      summary(`t-${letter}`, `Automation ${letter.toUpperCase()}`),
    );
    const saved: unknown[] = [];
    serve(
      () => ok({ url: 'http://localhost/payment/close?status=changed', changedInPlace: true }),
      ({ method, url, body }) => {
        if (url.pathname === `${base}/search`) return ok({ rows: triggers, total: 6, pageNumber: 1, pageSize: 500 });
        const triggerC = (enabled: boolean) => ({
          id: 't-c',
          vendorId: VENDOR_ID,
          version: 1,
          definition: {
            name: 'Automation C',
            enabled,
            event: 'JobIsCreated',
            targetKind: 'Job',
            actions: [{ id: 'a1', type: 'Job_AddNote', params: { text: 'Hi' } }],
          },
          attachments: [],
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        });
        if (url.pathname === `${base}/t-c` && method === 'GET') return ok(triggerC(true));
        if (url.pathname === `${base}/t-c` && method === 'POST') {
          saved.push(body);
          return ok(triggerC(false));
        }
        return undefined;
      },
      {
        id: 'sub_1',
        plan: { id: PLANS[1]?.id, name: 'Pro', limits: PLANS[1]?.limits },
        interval: 'month',
        amountCents: 7900,
        status: 'active',
        automationsRun: true,
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        trialEnd: null,
        graceEndsAt: null,
        usage: {
          activeTriggers: { used: 6, limit: 25 },
          runs: { used: 0, limit: 1000 },
          messages: { used: 0, limit: 500 },
        },
      },
    );
    const open = vi.spyOn(window, 'open');
    renderAsRoute(<PlanCheckout vendorId={VENDOR_ID} overviewPath="/overview" />, { path: '/', at: '/' });
    await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/allows 5 active automations and 6 are on. Choose at least 1/)).toBeTruthy();
    const go = within(dialog).getByRole('button', { name: 'Switch off 0 and change plan' });
    expect((go as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByLabelText('Automation C'));
    await user.click(within(dialog).getByRole('button', { name: 'Switch off 1 and change plan' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ name: 'Automation C', enabled: false })]);
    expect(open).not.toHaveBeenCalled();
  });
});
