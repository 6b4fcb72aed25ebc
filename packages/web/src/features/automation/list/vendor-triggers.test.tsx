// @vitest-environment happy-dom
import type { TriggerSummary } from '@automate/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useActAsVendor } from '@/lib/session/act-as-vendor.ts';
import { SessionProvider } from '@/lib/session/session.ts';
import { createSessionStore } from '@/lib/session/session-store.ts';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { makeSuperAdmin, memoryStorage } from '@/testing/sessions.ts';
import { VendorTriggers } from './vendor-triggers.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const VENDOR_ID = '11111111-1111-4111-8111-111111111111';
const TRIGGER: TriggerSummary = {
  id: '6f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11',
  name: 'Quote follow-up',
  description: '',
  event: 'JobQuoteSent',
  enabled: true,
  version: 3,
  actionCount: 1,
  lastRunAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

function AsVendor() {
  const actAsVendor = useActAsVendor();
  return (
    <VendorTriggers
      vendorId={VENDOR_ID}
      openAsVendor={(path) => actAsVendor({ id: VENDOR_ID, name: 'Alpha Plumbing', sm8Connected: true }, path)}
    />
  );
}

describe("a vendor's automations on the super admin's vendor page", () => {
  it('lists them with their state and opens one in the editor as that vendor', async () => {
    stub = stubFetch(({ url }) =>
      url.pathname === `/api/vendor/${VENDOR_ID}/Trigger/search`
        ? { status: 200, body: { success: true, data: { rows: [TRIGGER], total: 1, pageNumber: 1, pageSize: 25 } } }
        : undefined,
    );
    const store = createSessionStore(memoryStorage());
    store.login(makeSuperAdmin());
    renderAsRoute(
      <SessionProvider store={store}>
        <AsVendor />
      </SessionProvider>,
      {
        path: '/admin/vendors/:id/triggers',
        at: `/admin/vendors/${VENDOR_ID}/triggers`,
        elsewhere: ['/app/automation/view/:id'],
      },
    );
    const table = await screen.findByRole('table', { name: 'Automations' });
    expect(await within(table).findByText('Quote follow-up')).toBeTruthy();
    expect(within(table).getByText('On')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Open in editor' }));
    expect(store.getState()).toMatchObject({
      vendorId: VENDOR_ID,
      vendorOverride: { vendorId: VENDOR_ID, name: 'Alpha Plumbing', sm8Connected: true },
    });
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/app/automation/view/:id');
  });
});
