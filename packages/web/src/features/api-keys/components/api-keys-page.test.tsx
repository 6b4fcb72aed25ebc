// @vitest-environment happy-dom
import type { ApiKey, CreatedApiKey } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { VENDOR_A as VENDOR } from '@/testing/sessions.ts';
import { write } from '@/testing/write.ts';
import { ApiKeysPage } from './api-keys-page.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const KEYS = `/api/vendor/${VENDOR.vendorId}/ApiKeys`;
const WHOLE_KEY = 'atm_live_AbC1dEf2GhI3jKl4MnO5pQr6StU7vWx8YzA9bCd0eFg';
const USED: ApiKey = {
  id: '0c1d2e3f-0000-4000-8000-0000000000a1',
  name: 'Reporting script',
  scope: 'read-write',
  start: 'atm_live_Zz9Y…',
  createdAt: '2026-03-01T09:00:00.000Z',
  lastUsedAt: '2026-03-02T09:00:00.000Z',
};

const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

/** The business's keys, with `POST` making one as the server does: whole this once, listed without it after. */
function serve(keys: ApiKey[]) {
  stub = stubFetch(({ method, url, body }) => {
    if (url.pathname !== KEYS) return undefined;
    if (method === 'GET') return ok(keys);
    if (method === 'POST') {
      const { name, scope } = body as Pick<ApiKey, 'name' | 'scope'>;
      const made: CreatedApiKey = {
        id: '0c1d2e3f-0000-4000-8000-0000000000b2',
        name,
        scope,
        start: `${WHOLE_KEY.slice(0, 13)}…`,
        createdAt: '2026-03-03T09:00:00.000Z',
        lastUsedAt: null,
        key: WHOLE_KEY,
      };
      const { key: _whole, ...listed } = made;
      keys.unshift(listed);
      return ok(made);
    }
    return undefined;
  });
}

const open = () =>
  renderAsRoute(<ApiKeysPage vendorId={VENDOR.vendorId} />, {
    path: '/app/account/api-keys',
    at: '/app/account/api-keys',
  });

const rowOf = (name: string) =>
  within(screen.getByRole('table', { name: 'API keys' }))
    .getAllByRole('row')
    .find((row) => (row as HTMLTableRowElement).cells[0]?.textContent === name) as HTMLElement;

describe('Account › API keys', () => {
  it('makes a read-only key, shows it once with a warning to copy it, and lists it as never used', async () => {
    serve([USED]);
    open();
    await screen.findByRole('table', { name: 'API keys' });
    expect(within(rowOf('Reporting script')).getByText('Read and write')).toBeTruthy();
    expect(within(rowOf('Reporting script')).queryByText('Never')).toBeNull();

    const name = screen.getByRole('textbox', { name: 'Key name' }) as HTMLInputElement;
    await write(user, name, 'Website sync');
    await user.click(screen.getByRole('button', { name: 'Make the key' }));

    const shown = (await screen.findByRole('textbox', { name: 'New API key' })) as HTMLInputElement;
    expect(shown.value).toBe(WHOLE_KEY);
    expect(screen.getByText('Copy the key “Website sync” now: it is not shown again.')).toBeTruthy();
    expect(stub.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { name: 'Website sync', scope: 'read' },
    ]);
    expect(name.value).toBe('');

    await waitFor(() => expect(rowOf('Website sync')).toBeTruthy());
    const row = rowOf('Website sync');
    expect(within(row).getByText('Read only')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByText('atm_live_AbC1…')).toBeTruthy();
    // The whole key is in the field that shows it once, nowhere in the list.
    expect(within(screen.getByRole('table', { name: 'API keys' })).queryByText(WHOLE_KEY)).toBeNull();
  });
});
