// @vitest-environment happy-dom
import type { PlatformInvoiceDetails } from '@automate/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { testVendor } from '@/testing/vendors.ts';
import { write } from '@/testing/write.ts';
import { BillingAddressForm } from './billing-address-form.tsx';
import { InvoiceDetailsSettings } from './invoice-details-settings.tsx';

/** The two forms whose details every tax invoice prints: the platform's (a super admin's) and the business's. */

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 20_000 });

const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, message } });

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

describe('the invoice details a super admin sets', () => {
  const EMPTY: PlatformInvoiceDetails = { legalName: '', address: '', taxNumber: '', invoiceFooter: '' };

  it('saves the legal name, address, GST number and footer, saying that invoices show them now', async () => {
    stub = stubFetch(({ method, url, body }) => {
      if (url.pathname !== '/api/Admin/settings/invoicing') return undefined;
      return method === 'POST' ? ok(body, 'Saved. Invoices show these details now.') : ok(EMPTY);
    });
    renderWithProviders(<InvoiceDetailsSettings />);
    const form = await screen.findByRole('form', { name: 'Invoice details' });
    await write(user, within(form).getByRole('textbox', { name: 'Legal name' }), 'Automate Software Limited');
    await write(user, within(form).getByRole('textbox', { name: 'Address' }), '12 Queen Street, Auckland 1010');
    await write(user, within(form).getByRole('textbox', { name: 'GST number' }), '123-456-789');
    await write(user, within(form).getByRole('textbox', { name: 'Invoice footer' }), 'Pay within 20 days.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await screen.findByText('Saved. Invoices show these details now.');
    expect(stub.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        legalName: 'Automate Software Limited',
        address: '12 Queen Street, Auckland 1010',
        taxNumber: '123-456-789',
        invoiceFooter: 'Pay within 20 days.',
      },
    ]);
  });
});

describe('the address a business puts on its invoices', () => {
  const VENDOR = testVendor({ id: '11111111-1111-4111-8111-111111111111' });

  it('saves the postal address and says the invoices show it', async () => {
    stub = stubFetch(({ method, url, body }) => {
      if (url.pathname !== `/api/Vendor/${VENDOR.id}`) return undefined;
      return ok(method === 'PATCH' ? { ...VENDOR, ...(body as object) } : VENDOR);
    });
    renderWithProviders(<BillingAddressForm vendorId={VENDOR.id} />);
    const form = await screen.findByRole('form', { name: 'Address on your invoices' });
    await write(user, within(form).getByRole('textbox', { name: 'Postal address' }), '4 Harbour Road, Nelson 7010');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));

    await screen.findByText('Saved: your invoices show this address.');
    expect(stub.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { billingAddress: '4 Harbour Road, Nelson 7010' },
    ]);
  });
});
