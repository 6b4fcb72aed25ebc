// @vitest-environment happy-dom
import { DEFAULT_CLIENT_MESSAGING, type Vendor, type VendorMembership } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { write } from '@/testing/write.ts';
import { AccountOverview } from './account-overview.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const MEMBERSHIP: VendorMembership = {
  vendorId: '11111111-1111-4111-8111-111111111111',
  name: 'Alpha Plumbing',
  role: 'Admin',
  sm8Connected: false,
};
const VENDOR: Vendor = {
  id: MEMBERSHIP.vendorId,
  name: 'Alpha Plumbing',
  timeZone: 'Pacific/Auckland',
  senderName: null,
  clientMessaging: DEFAULT_CLIENT_MESSAGING,
  sm8Connected: false,
  sm8StaffMayJoin: false,
  billingAddress: '',
  currentSubscriptionType: null,
  hasCurrentSubscription: false,
  subscriptionActive: true,
  automationsSuspended: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const PATH = `/api/Vendor/${MEMBERSHIP.vendorId}`;

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

/** The overview of a vendor whose changes are saved as sent; answers the settings form. */
async function openSettings() {
  stub = stubFetch(({ method, url, body }) => {
    if (url.pathname !== PATH) return undefined;
    if (method === 'PATCH') return { status: 200, body: { success: true, data: { ...VENDOR, ...(body as object) } } };
    return { status: 200, body: { success: true, data: VENDOR } };
  });
  renderAsRoute(
    <AccountOverview vendor={MEMBERSHIP} teamPath="/t" templatesPath="/e" messagingPath="/m" plan={null} />,
    {
      path: '/',
      at: '/',
    },
  );
  return screen.findByRole('form', { name: 'Business settings' });
}

describe('the account overview', () => {
  it('shows the business, links to the team and templates, and offers to connect ServiceM8', async () => {
    stub = stubFetch(({ url }) =>
      url.pathname === PATH ? { status: 200, body: { success: true, data: VENDOR } } : undefined,
    );
    renderAsRoute(
      <AccountOverview
        vendor={MEMBERSHIP}
        teamPath="/app/account/team"
        templatesPath="/app/account/emails/search"
        messagingPath="/app/account/messaging"
        plan={null}
      />,
      {
        path: '/app/account/subscription/overview',
        at: '/app/account/subscription/overview',
      },
    );
    expect(screen.getByRole('link', { name: 'Manage the team' }).getAttribute('href')).toBe('/app/account/team');
    expect(screen.getByRole('link', { name: 'Open email templates' }).getAttribute('href')).toBe(
      '/app/account/emails/search',
    );
    expect(screen.getByRole('link', { name: 'Connect ServiceM8' }).getAttribute('href')).toBe(
      '/api/Auth/login/servicem8',
    );
    expect(((await screen.findByRole('textbox', { name: /Business name/ })) as HTMLInputElement).value).toBe(
      'Alpha Plumbing',
    );
  });

  it('says when messages reach clients, in the business’s time zone, and links to where that is set', async () => {
    let quietHours = DEFAULT_CLIENT_MESSAGING.quietHours;
    stub = stubFetch(({ url }) =>
      url.pathname === PATH
        ? {
            status: 200,
            body: { success: true, data: { ...VENDOR, clientMessaging: { ...VENDOR.clientMessaging, quietHours } } },
          }
        : undefined,
    );
    const show = async (hours: typeof quietHours) => {
      quietHours = hours;
      const view = renderAsRoute(
        <AccountOverview
          vendor={MEMBERSHIP}
          teamPath="/t"
          templatesPath="/e"
          messagingPath="/app/account/messaging"
          plan={null}
        />,
        { path: '/', at: '/' },
      );
      const card = await screen.findByRole('region', { name: 'Business hours' });
      expect(within(card).getByRole('link', { name: 'Change business hours' }).getAttribute('href')).toBe(
        '/app/account/messaging',
      );
      await waitFor(() => expect(within(card).queryByText(/clients/)).not.toBeNull());
      const sentence = within(card).getByText(/clients/).textContent;
      view.unmount();
      return sentence;
    };

    expect(await show(DEFAULT_CLIENT_MESSAGING.quietHours)).toBe(
      'Automated emails and texts reach clients Mon–Sat, 08:00–20:00 (Pacific/Auckland time); one due outside these hours waits for the next opening.',
    );
    expect(await show({ enabled: true, start: '07:30', end: '17:00', days: [5, 1, 3, 6, 7] })).toMatch(
      /^Automated emails and texts reach clients Mon, Wed, Fri–Sun, 07:30–17:00 /,
    );
    expect(await show({ ...DEFAULT_CLIENT_MESSAGING.quietHours, enabled: false })).toBe(
      'Off: automated emails and texts reach clients whenever they are due, at any hour.',
    );
  });

  it('changes the business’s time zone', async () => {
    const form = await openSettings();
    const zone = within(form).getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Perth');
    await user.click(await screen.findByRole('option', { name: 'Australia/Perth' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    await waitFor(() =>
      expect(stub.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        name: 'Alpha Plumbing',
        timeZone: 'Australia/Perth',
        senderName: '',
        sm8StaffMayJoin: false,
      }),
    );
  });

  it('lets the ServiceM8 account’s staff join from ServiceM8 only when an Admin turns it on', async () => {
    const form = await openSettings();
    const join = within(form).getByRole('switch', { name: 'Let ServiceM8 staff join' }) as HTMLInputElement;
    expect(join.checked).toBe(false);
    await user.click(join);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    await waitFor(() =>
      expect(stub.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ sm8StaffMayJoin: true }),
    );
  });

  it('sets the sender name automated messages sign with', async () => {
    const form = await openSettings();
    const sender = within(form).getByRole('textbox', { name: 'Sender name' });
    expect(sender.getAttribute('placeholder')).toBe('Alpha Plumbing');
    await write(user, sender, 'Ana at Alpha');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(stub.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ senderName: 'Ana at Alpha' });
  });

  it('shows the server’s refusal under the field its path names', async () => {
    const sentence = 'Business name: use at most 120 characters.';
    stub = stubFetch(({ method, url }) => {
      if (url.pathname !== PATH) return undefined;
      if (method === 'PATCH') {
        return {
          status: 400,
          body: { success: false, code: 'VALIDATION_FAILED', message: sentence, errors: { name: [sentence] } },
        };
      }
      return { status: 200, body: { success: true, data: VENDOR } };
    });
    renderAsRoute(
      <AccountOverview vendor={MEMBERSHIP} teamPath="/t" templatesPath="/e" messagingPath="/m" plan={null} />,
      {
        path: '/',
        at: '/',
      },
    );
    const form = await screen.findByRole('form', { name: 'Business settings' });
    const name = within(form).getByRole('textbox', { name: /Business name/ });
    await user.type(name, ' and Gas');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(sentence);
  });
});
