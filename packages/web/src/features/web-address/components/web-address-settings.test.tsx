// @vitest-environment happy-dom
import type { SigningSecret, WebAddressSettings } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { VENDOR_A as VENDOR } from '@/testing/sessions.ts';
import { WebAddressSettingsPanel } from './web-address-settings.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const BASE = `/api/vendor/${VENDOR.vendorId}/WebAddress`;
const SECRET = 'atm_whsec_Qw3rTy7uIo9pAs1dFg5hJk2lZx4cVb6nMq8wEr0tYu3';
const NEVER_BILLED: WebAddressSettings = {
  signingSecretCreatedAt: null,
  sentToday: 0,
  dailyLimit: 10_000,
  planName: null,
};

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

/** The settings, with `POST …/secret` making a new secret as the server does: answered this once. */
function serve(settings: WebAddressSettings) {
  let current = settings;
  stub = stubFetch(({ method, url }) => {
    if (method === 'GET' && url.pathname === BASE) return ok(current);
    if (method === 'POST' && url.pathname === `${BASE}/secret`) {
      const made: SigningSecret = { secret: SECRET, createdAt: '2026-03-03T09:00:00.000Z' };
      current = { ...current, signingSecretCreatedAt: made.createdAt };
      return ok(made);
    }
    return undefined;
  });
}

const open = () =>
  renderAsRoute(<WebAddressSettingsPanel vendorId={VENDOR.vendorId} />, {
    path: '/app/account/web-addresses',
    at: '/app/account/web-addresses',
  });

const secretPosts = () => stub.calls.filter((call) => call.method === 'POST' && call.url.pathname === `${BASE}/secret`);

describe('Account › Web addresses', () => {
  it('has no secret before the first, shows the limit of a business without a plan, and makes the secret, shown once', async () => {
    serve(NEVER_BILLED);
    open();
    expect(await screen.findByText(/^0 of 10,000 a day without a plan/)).toBeTruthy();
    expect(screen.getByText(/^No secret yet/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'New signing secret' })).toBeNull();

    // Nothing signs with a secret yet: it is made without asking.
    await user.click(screen.getByRole('button', { name: 'Make the secret' }));
    const shown = (await screen.findByRole('textbox', { name: 'New signing secret' })) as HTMLInputElement;
    expect(shown.value).toBe(SECRET);
    expect(screen.getByText('Copy the secret now: it is not shown again.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(secretPosts()).toHaveLength(1);

    expect(await screen.findByRole('button', { name: 'Rotate the secret' })).toBeTruthy();
    expect(screen.getByText(/^The secret in use was made /)).toBeTruthy();
    expect(screen.queryByText(/^No secret yet/)).toBeNull();
  });

  it('names the plan whose limit applies, and rotates a secret in use only once confirmed', async () => {
    serve({
      signingSecretCreatedAt: '2026-03-01T09:00:00.000Z',
      sentToday: 1234,
      dailyLimit: 50_000,
      planName: 'Crew',
    });
    open();
    expect(await screen.findByText(/^1,234 of 50,000 a day on your Crew plan/)).toBeTruthy();
    const rotate = await screen.findByRole('button', { name: 'Rotate the secret' });

    await user.click(rotate);
    const ask = () => screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(await ask()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(secretPosts()).toHaveLength(0);
    expect(screen.queryByRole('textbox', { name: 'New signing secret' })).toBeNull();

    await user.click(rotate);
    await user.click(within(await ask()).getByRole('button', { name: 'Rotate' }));
    const shown = (await screen.findByRole('textbox', { name: 'New signing secret' })) as HTMLInputElement;
    expect(shown.value).toBe(SECRET);
    expect(secretPosts()).toHaveLength(1);
  });
});
