// @vitest-environment happy-dom
import { type ClientOptOut, DEFAULT_CLIENT_MESSAGING } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { testVendor } from '@/testing/vendors.ts';
import { ClientMessagingSettings } from './client-messaging-settings.tsx';
import { OptOutsPage } from './opt-outs-page.tsx';
import { UnsubscribePage } from './unsubscribe-page.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const VENDOR_ID = '11111111-1111-4111-8111-111111111111';
const VENDOR = testVendor({ id: VENDOR_ID });
/** In the order the server lists records: by kind, then by name. */
const BADGES = [
  { kind: 'badge', uuid: 'b-none', name: 'No automated messages', active: true, details: {} },
  { kind: 'badge', uuid: 'b-vip', name: 'VIP', active: true, details: {} },
  { kind: 'queue', uuid: 'q-1', name: 'Parts on order', active: true, details: {} },
];
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

async function openSettings() {
  stub = stubFetch(({ method, url, body }) => {
    if (url.pathname === `/api/Vendor/${VENDOR_ID}/servicem8/reference`) return ok(BADGES);
    if (url.pathname !== `/api/Vendor/${VENDOR_ID}`) return undefined;
    return ok(method === 'PATCH' ? { ...VENDOR, ...(body as object) } : VENDOR);
  });
  renderAsRoute(<ClientMessagingSettings vendorId={VENDOR_ID} />, { path: '/', at: '/' });
  return screen.findByRole('form', { name: 'Client messages' });
}

describe('the Client messages settings', () => {
  it('saves business hours, days, contact limits and the opt-out badge', async () => {
    const form = await openSettings();
    const hours = within(form).getByRole('region', { name: 'Quiet hours' });
    expect(within(hours).getByRole('switch', { name: /Hold emails and texts/ })).toHaveProperty('checked', true);
    expect(within(hours).getByRole('checkbox', { name: 'Sun' })).toHaveProperty('checked', false);
    const start = within(hours).getByLabelText('Business hours start');
    await user.clear(start);
    await user.type(start, '07:30');
    await user.click(within(hours).getByRole('checkbox', { name: 'Sat' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Messages per client per day' }), '2');
    await user.type(within(form).getByRole('spinbutton', { name: 'Messages per client per week' }), '5');
    await user.click(within(form).getByRole('combobox', { name: /Clients with this ServiceM8 badge/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['None', 'No automated messages', 'VIP']);
    await user.click(screen.getByRole('option', { name: 'No automated messages' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await screen.findByText('Saved.');
    const patch = stub.calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({
      clientMessaging: {
        quietHours: { enabled: true, start: '07:30', end: '20:00', days: [1, 2, 3, 4, 5] },
        contactLimits: { perDay: 2, perWeek: 5 },
        optOutBadgeUuid: 'b-none',
      },
    });
  });

  it('says what is wrong before saving, and switches quiet hours off', async () => {
    const form = await openSettings();
    const hours = within(form).getByRole('region', { name: 'Quiet hours' });
    const end = within(hours).getByLabelText('Business hours end');
    await user.clear(end);
    await user.type(end, '06:00');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Business hours end: choose a time after the start.')).toBeTruthy();
    expect(stub.calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(end);
    await user.type(end, '20:00');
    await user.click(within(hours).getByRole('switch', { name: /Hold emails and texts/ }));
    expect(within(hours).getByLabelText('Business hours start')).toHaveProperty('disabled', true);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = stub.calls.find((call) => call.method === 'PATCH')?.body as {
      clientMessaging: { quietHours: unknown };
    };
    expect(patch.clientMessaging.quietHours).toEqual({ ...DEFAULT_CLIENT_MESSAGING.quietHours, enabled: false });
  });
});

describe('the Opt-outs page', () => {
  it('lists the clients who unsubscribed and undoes an opt-out', async () => {
    let optOuts: ClientOptOut[] = [
      {
        clientUuid: 'c-1',
        contactName: 'Emma Ellis',
        email: 'emma@example.net',
        optedOutAt: '2026-11-20T01:00:00.000Z',
      },
    ];
    stub = stubFetch(({ method, url }) => {
      if (url.pathname === `/api/Vendor/${VENDOR_ID}`) return ok(VENDOR);
      if (url.pathname === `/api/vendor/${VENDOR_ID}/OptOuts`) return ok(optOuts);
      if (method === 'DELETE' && url.pathname === `/api/vendor/${VENDOR_ID}/OptOuts/c-1`) {
        optOuts = [];
        return {
          status: 200,
          body: { success: true, data: null, message: 'The client gets automated messages again.' },
        };
      }
      return undefined;
    });
    renderAsRoute(<OptOutsPage vendorId={VENDOR_ID} canUndo />, { path: '/', at: '/' });
    const row = await screen.findByTestId('opt-out');
    expect(within(row).getByText('Emma Ellis')).toBeTruthy();
    expect(within(row).getByText('emma@example.net')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Undo the opt-out of Emma Ellis' }));
    expect(await screen.findByText('The client gets automated messages again.')).toBeTruthy();
    expect(await screen.findByText(/No client has unsubscribed/)).toBeTruthy();
  });

  it('shows a User the opt-outs without the undo button, and names the opt-out badge', async () => {
    const withBadge = { ...VENDOR, clientMessaging: { ...DEFAULT_CLIENT_MESSAGING, optOutBadgeUuid: 'b-none' } };
    stub = stubFetch(({ url }) => {
      if (url.pathname === `/api/vendor/${VENDOR_ID}/OptOuts`) {
        return ok([
          { clientUuid: 'c-1', contactName: '', email: 'a@example.net', optedOutAt: '2026-11-20T01:00:00.000Z' },
        ]);
      }
      if (url.pathname === `/api/Vendor/${VENDOR_ID}/servicem8/reference`) return ok(BADGES);
      return url.pathname === `/api/Vendor/${VENDOR_ID}` ? ok(withBadge) : undefined;
    });
    renderAsRoute(<OptOutsPage vendorId={VENDOR_ID} canUndo={false} />, { path: '/', at: '/' });
    expect((await screen.findByTestId('opt-out-badge')).textContent).toMatch(
      /^Clients with the ServiceM8 badge “No automated messages” get no automated messages either/,
    );
    const row = await screen.findByTestId('opt-out');
    expect(within(row).getByText('A client')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
  });
});

describe('the public unsubscribe page', () => {
  it('names the business, and confirms once the recipient unsubscribes', async () => {
    const page = { businessName: 'Alpha Plumbing', email: 'em***@example.net', optedOut: false };
    stub = stubFetch(({ method, url }) => {
      if (url.pathname !== '/api/Public/unsubscribe' || url.searchParams.get('token') !== 'abc.def') return undefined;
      return ok(method === 'POST' ? { ...page, optedOut: true } : page);
    });
    renderAsRoute(<UnsubscribePage token="abc.def" />, { path: '/', at: '/' });
    expect(await screen.findByText('Stop automated messages from Alpha Plumbing?')).toBeTruthy();
    expect(screen.getByText(/to em\*\*\*@example\.net/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/will send no more automated emails or texts/);
  });

  it('says so when the link is not valid', async () => {
    stub = stubFetch(() => ({
      status: 404,
      body: {
        success: false,
        code: 'NOT_FOUND',
        message: 'This unsubscribe link is not valid: copy the whole link from the email.',
      },
    }));
    renderAsRoute(<UnsubscribePage token="forged" />, { path: '/', at: '/' });
    expect(await screen.findByText(/This unsubscribe link is not valid/)).toBeTruthy();
  });
});
