// @vitest-environment happy-dom
import { INVOICE_TRANSITIONS, type Invoice } from '@automate/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { InvoiceView } from './invoice-view.tsx';

vi.setConfig({ testTimeout: 20_000 });

const DRAFT: Invoice = {
  id: '33333333-3333-4333-8333-333333333333',
  vendorId: '11111111-1111-4111-8111-111111111111',
  vendorName: 'Alpha Plumbing',
  vendorAddress: '4 Harbour Road\nNelson 7010',
  supplier: {
    legalName: 'Automate Software Limited',
    address: '12 Queen Street, Auckland 1010',
    taxNumber: '123-456-789',
    invoiceFooter: 'Pay within 20 days.',
  },
  number: 'INV-00007',
  source: 'manual',
  status: 'DRAFT',
  reference: 'Onboarding',
  currency: 'nzd',
  lines: [{ description: 'Setup', quantity: 2, unitAmountCents: 5000, amountCents: 10_000 }],
  subtotalCents: 10_000,
  gstCents: 1500,
  totalCents: 11_500,
  amountPaidCents: 0,
  issuedAt: '2026-11-20T00:00:00.000Z',
  dueDate: '2026-12-04',
  paidAt: null,
  periodStart: null,
  periodEnd: null,
  paymentUrl: null,
  nextStatuses: ['SUBMITTED', 'DELETED'],
};
const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, message } });

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

describe('the invoice', () => {
  it('is a tax invoice naming its supplier with GST number, and the business billed with its address', async () => {
    stub = stubFetch(({ method, url }) =>
      method === 'GET' && url.pathname === `/api/Accounting/invoice/fetch/${DRAFT.id}` ? ok(DRAFT) : undefined,
    );
    renderAsRoute(<InvoiceView id={DRAFT.id} backPath="/invoices" />, { path: '/', at: '/' });
    const supplier = await screen.findByTestId('invoice-supplier');
    expect(supplier.textContent).toBe(
      'Automate Software Limited12 Queen Street, Auckland 1010GST number: 123-456-789Tax invoice INV-00007',
    );
    expect(screen.getByTestId('invoice-customer').textContent).toBe(
      'Billed toAlpha Plumbing4 Harbour Road\nNelson 7010',
    );
    expect(screen.getByText('Pay within 20 days.')).toBeTruthy();
  });

  it('shows lines, GST and totals, and moves a manual invoice only along the allowed statuses', async () => {
    const user = userEvent.setup();
    let current = DRAFT;
    stub = stubFetch(({ method, url, body }) => {
      if (method === 'GET' && url.pathname === `/api/Accounting/invoice/fetch/${DRAFT.id}`) return ok(current);
      if (method === 'POST' && url.pathname === `/api/Accounting/invoice/${DRAFT.id}/status`) {
        const { status } = body as { status: Invoice['status'] };
        current = { ...current, status, nextStatuses: [...INVOICE_TRANSITIONS[status]] };
        return ok(current, `Invoice INV-00007 is now ${status}.`);
      }
      return undefined;
    });
    renderAsRoute(<InvoiceView id={DRAFT.id} backPath="/invoices" canChangeStatus />, { path: '/', at: '/' });
    expect(await screen.findByRole('heading', { name: 'Invoice INV-00007' })).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByText('GST 15%')).toBeTruthy();
    expect(within(lines).getByText('$115.00')).toBeTruthy();
    const moves = screen.getByLabelText('Change status');
    expect(
      within(moves)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Submit', 'Delete']);

    await user.click(within(moves).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invoice INV-00007 is now SUBMITTED.')).toBeTruthy();
    expect(
      within(screen.getByLabelText('Change status'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Back to draft', 'Authorise', 'Delete']);
  });
});
