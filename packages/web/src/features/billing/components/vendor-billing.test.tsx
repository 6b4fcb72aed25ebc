// @vitest-environment happy-dom
import type { Invoice } from '@automate/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { ACTIVE_SUBSCRIPTION } from '@/testing/subscriptions.ts';
import { write } from '@/testing/write.ts';
import { VendorBilling } from './vendor-billing.tsx';

vi.setConfig({ testTimeout: 20_000 });

const user = userEvent.setup({ delay: null });

const VENDOR_ID = '11111111-1111-4111-8111-111111111111';
const PAID: Invoice = {
  id: '33333333-3333-4333-8333-333333333333',
  vendorId: VENDOR_ID,
  vendorName: 'Alpha Plumbing',
  vendorAddress: '',
  supplier: { legalName: '', address: '', taxNumber: '', invoiceFooter: '' },
  number: 'INV-00007',
  source: 'stripe',
  status: 'PAID',
  reference: 'Subscription',
  currency: 'nzd',
  lines: [{ description: 'Pro', quantity: 1, unitAmountCents: 6870, amountCents: 6870 }],
  subtotalCents: 6870,
  gstCents: 1030,
  totalCents: 7900,
  amountPaidCents: 7900,
  issuedAt: '2026-11-01T00:00:00.000Z',
  dueDate: null,
  paidAt: '2026-11-01T00:00:00.000Z',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  paymentUrl: null,
  nextStatuses: [],
};
const CREATED_ID = '44444444-4444-4444-8444-444444444444';
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const SEARCH = `/api/Accounting/invoices/search/vendor/${VENDOR_ID}`;

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

function serve() {
  stub = stubFetch(({ method, url, body }) => {
    if (url.pathname === '/api/Accounting/product/sub/active') return ok(ACTIVE_SUBSCRIPTION);
    if (url.pathname === SEARCH) {
      return ok({ rows: [PAID], total: 1, totalCapped: false, nextCursor: null, pageNumber: 1, pageSize: 25 });
    }
    if (method === 'POST' && url.pathname === '/api/Accounting/invoice/create') {
      return ok({
        ...PAID,
        id: CREATED_ID,
        source: 'manual',
        status: 'DRAFT',
        reference: (body as { reference: string }).reference,
      });
    }
    return undefined;
  });
}

const render = () =>
  renderAsRoute(
    <VendorBilling vendorId={VENDOR_ID} invoicePath={(id) => `/admin/vendors/${VENDOR_ID}/invoice/${id}`} />,
    {
      path: '/admin/vendors/:id/billing',
      at: `/admin/vendors/${VENDOR_ID}/billing`,
      elsewhere: ['/admin/vendors/:id/invoice/:invoiceId'],
    },
  );

describe('a vendor’s billing (admin)', () => {
  it('shows the vendor’s plan and its invoices, with the list’s order kept in the URL', async () => {
    serve();
    const { router } = render();
    // The page's sections sit under its one h1 (the admin page's), each an h2.
    const plan = await screen.findByRole('region', { name: 'Subscription' });
    expect(within(plan).getByRole('heading', { level: 2, name: 'Pro plan' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Invoices' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(await within(table).findByRole('link', { name: 'INV-00007' })).toBeTruthy();
    expect(within(table).getByText('Paid')).toBeTruthy();
    // A SuperAdmin sees the plan, but buying or cancelling is the vendor's own.
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Number' }));
    await waitFor(() => expect(router.state.location.search).toContain('SortBy=number'));
    await waitFor(() =>
      expect(
        stub.calls.some((call) => call.url.pathname === SEARCH && call.url.searchParams.get('SortBy') === 'number'),
      ).toBe(true),
    );
  });

  it('writes a draft invoice with GST 15% shown, then opens it', async () => {
    serve();
    render();
    await screen.findByRole('table', { name: 'Invoices' });
    await user.click(screen.getByRole('button', { name: 'New invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    await write(user, within(dialog).getByLabelText('Reference'), 'Onboarding');
    await user.type(within(dialog).getByLabelText(/^Line 1 description/), 'Setup');
    const quantity = within(dialog).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.type(within(dialog).getByLabelText('Unit price excl. GST'), '50');
    expect(dialog.textContent).toContain('Subtotal $100.00 · GST 15% $15.00 · Total $115.00');

    // Submitted as a browser does once the fields' own checks pass: happy-dom's check of `step="0.01"`
    // refuses whole amounts such as 50 that every browser accepts.
    fireEvent.submit(dialog.closest('form') as HTMLFormElement);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/admin/vendors/:id/invoice/:invoiceId');
    const created = stub.calls.find((call) => call.url.pathname === '/api/Accounting/invoice/create');
    expect(created?.body).toMatchObject({
      vendorId: VENDOR_ID,
      reference: 'Onboarding',
      lines: [{ description: 'Setup', quantity: 2, unitAmountCents: 5000 }],
    });
  });
});
