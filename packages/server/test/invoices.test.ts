import {
  DOCUMENT_STATUSES,
  type DocumentStatus,
  ErrorBody,
  INVOICE_TRANSITIONS,
  Invoice,
  searchPage,
  successEnvelope,
} from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextInvoiceNumber } from '../src/modules/billing/invoices.repository.ts';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { pdfText } from './support/pdf-text.ts';
import { type BillingServices, buyPlan } from './support/stripe-billing.ts';
import { startTestServices } from './support/test-services.ts';

let services: BillingServices;
let superAdminToken: string;
const OneInvoice = successEnvelope(Invoice);
const InvoicePage = successEnvelope(searchPage(Invoice));
const errorOf = (response: { json(): unknown }) => ErrorBody.parse(response.json());

beforeAll(async () => {
  const started = await startTestServices({ stripe: true });
  if (!started.stripe) throw new Error('no Stripe simulator');
  services = { ...started, stripe: started.stripe };
  superAdminToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(() => services.cleanup());

function call(method: 'GET' | 'POST' | 'PATCH', url: string, token = superAdminToken, payload?: object) {
  return services.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function createInvoice(vendorId: string) {
  const response = await call('POST', '/api/Accounting/invoice/create', superAdminToken, {
    vendorId,
    reference: 'Onboarding',
    dueDate: '2026-12-20',
    lines: [
      { description: 'Setup of five automations', quantity: 5, unitAmountCents: 4000 },
      { description: 'Training session', quantity: 1, unitAmountCents: 12_000 },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return OneInvoice.parse(response.json()).data;
}

const setStatus = (id: string, status: DocumentStatus) =>
  call('POST', `/api/Accounting/invoice/${id}/status`, superAdminToken, { status });

/** The allowed moves that take a new DRAFT to each status. */
const PATH_TO: Record<DocumentStatus, DocumentStatus[]> = {
  DRAFT: [],
  SUBMITTED: ['SUBMITTED'],
  AUTHORISED: ['SUBMITTED', 'AUTHORISED'],
  PAID: ['SUBMITTED', 'AUTHORISED', 'PAID'],
  VOIDED: ['SUBMITTED', 'AUTHORISED', 'VOIDED'],
  DELETED: ['DELETED'],
};

describe('manual invoices', () => {
  it('are drafts with the next number, lines GST-exclusive and 15% GST on the subtotal', async () => {
    const team = await createVendorTeam(services.deps);
    const first = await createInvoice(team.vendor.id);
    const second = await createInvoice(team.vendor.id);
    expect(first).toMatchObject({
      status: 'DRAFT',
      source: 'manual',
      vendorName: team.vendor.name,
      subtotalCents: 32_000,
      gstCents: 4_800,
      totalCents: 36_800,
      dueDate: '2026-12-20',
      nextStatuses: ['SUBMITTED', 'DELETED'],
    });
    expect(first.lines.map((line) => line.amountCents)).toEqual([20_000, 12_000]);
    expect(first.number).toMatch(/^INV-\d{5}$/);
    expect(Number(second.number.slice(4))).toBe(Number(first.number.slice(4)) + 1);
  });

  it('refuses an invoice without lines or for a vendor that does not exist', async () => {
    const empty = await call('POST', '/api/Accounting/invoice/create', superAdminToken, {
      vendorId: crypto.randomUUID(),
      dueDate: '2026-12-01',
      lines: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).errors?.lines?.[0]).toContain('An invoice needs at least one line.');
    const nobody = await call('POST', '/api/Accounting/invoice/create', superAdminToken, {
      vendorId: crypto.randomUUID(),
      dueDate: '2026-12-01',
      lines: [{ description: 'x', quantity: 1, unitAmountCents: 100 }],
    });
    expect(nobody.statusCode).toBe(404);
  });

  it('makes every allowed status change and refuses every other one with 409 and a sentence', async () => {
    const team = await createVendorTeam(services.deps);
    for (const from of DOCUMENT_STATUSES) {
      for (const to of DOCUMENT_STATUSES) {
        const invoice = await createInvoice(team.vendor.id);
        for (const step of PATH_TO[from]) expect((await setStatus(invoice.id, step)).statusCode).toBe(200);
        const response = await setStatus(invoice.id, to);
        if (INVOICE_TRANSITIONS[from].includes(to)) {
          expect(response.statusCode, `${from} → ${to}`).toBe(200);
          const moved = OneInvoice.parse(response.json()).data;
          expect(moved.status).toBe(to);
          expect(moved.amountPaidCents).toBe(to === 'PAID' ? moved.totalCents : 0);
        } else {
          expect(response.statusCode, `${from} → ${to}`).toBe(409);
          expect(errorOf(response).message).toMatch(
            new RegExp(
              `^Invoice INV-\\d+ is .+ and cannot become ${to}\\. (From ${from} it can become .+\\.|A ${from} invoice is final\\.)$`,
            ),
          );
        }
      }
    }
  });
});

describe('invoices from Stripe', () => {
  it('mirrors the paid first invoice with GST taken out of the GST-inclusive price, and its status changes in Stripe only', async () => {
    const team = await createVendorTeam(services.deps);
    await buyPlan(services, team, 'Pro');
    const page = InvoicePage.parse(
      (await call('GET', `/api/Accounting/invoices/search/vendor/${team.vendor.id}`, team.adminToken)).json(),
    ).data;
    expect(page.rows).toHaveLength(1);
    const [invoice] = page.rows;
    expect(invoice).toMatchObject({
      source: 'stripe',
      status: 'PAID',
      totalCents: 7900,
      amountPaidCents: 7900,
      subtotalCents: 6870,
      gstCents: 1030,
    });
    expect(invoice?.lines).toEqual([{ description: '1 × Pro', quantity: 1, unitAmountCents: 6870, amountCents: 6870 }]);
    const change = await setStatus(invoice?.id as string, 'VOIDED');
    expect(change.statusCode).toBe(409);
    expect(errorOf(change).message).toBe(
      `Invoice ${invoice?.number} comes from Stripe: its status changes in Stripe, not here.`,
    );
  });
});

describe('who reads invoices', () => {
  it('serves a vendor’s Admins their own, answers 404 for another vendor’s and 403 to a User', async () => {
    const team = await createVendorTeam(services.deps);
    const other = await createVendorTeam(services.deps);
    const mine = await createInvoice(team.vendor.id);
    const theirs = await createInvoice(other.vendor.id);
    expect((await call('GET', `/api/Accounting/invoice/fetch/${mine.id}`, team.adminToken)).statusCode).toBe(200);
    const foreign = await call('GET', `/api/Accounting/invoice/fetch/${theirs.id}`, team.adminToken);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe('Invoice was not found.');
    expect((await call('GET', `/api/Accounting/invoice/${theirs.id}/pdf`, team.adminToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/Accounting/invoice/fetch/${mine.id}`, team.userToken)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/Accounting/invoices/search/vendor/${team.vendor.id}`, team.userToken)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/Accounting/invoices/search/vendor/${other.vendor.id}`, team.adminToken)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/Accounting/invoices/search', team.adminToken)).statusCode).toBe(403);
    const all = InvoicePage.parse(
      (
        await call(
          'GET',
          `/api/Accounting/invoices/search?Filters=${encodeURIComponent(JSON.stringify([{ action: 'Eq', field: 'vendorId', value: other.vendor.id }]))}`,
        )
      ).json(),
    ).data;
    expect(all.rows.map((row) => row.number)).toEqual([theirs.number]);
  });

  it('downloads an invoice as a PDF with its number, status, the business, its lines, GST and totals', async () => {
    const team = await createVendorTeam(services.deps, 'Kauri Drainlaying');
    const invoice = await createInvoice(team.vendor.id);
    const response = await call('GET', `/api/Accounting/invoice/${invoice.id}/pdf`, team.adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    for (const shown of [
      `Tax invoice ${invoice.number}`,
      'Status: DRAFT',
      'Due: 20 December 2026',
      'Reference: Onboarding',
      'Kauri Drainlaying',
      'Setup of five automations',
      'Training session',
      'Subtotal (excluding GST)',
      '$320.00',
      'GST 15%',
      '$48.00',
      'Total NZD',
      '$368.00',
    ]) {
      expect(text, shown).toContain(shown);
    }
  });
});

describe('invoice numbers', () => {
  const numberOf = (invoiceNumber: string) => Number(invoiceNumber.replace(/^INV-/, ''));

  it('run one after another without gaps, for invoices written at the same moment too', async () => {
    const team = await createVendorTeam(services.deps, 'Totara Plumbing');
    const first = numberOf((await createInvoice(team.vendor.id)).number);
    const together = await Promise.all(Array.from({ length: 12 }, () => createInvoice(team.vendor.id)));
    const numbers = together.map((invoice) => numberOf(invoice.number)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, index) => first + 1 + index));
    expect(together[0]?.number).toMatch(/^INV-\d{5}$/);
  });

  it('give a number back when the invoice taking it is not written', async () => {
    const db = services.deps.database.db;
    const before = numberOf(await db.transaction((tx) => nextInvoiceNumber(tx)));
    await expect(
      db.transaction(async (tx) => {
        await nextInvoiceNumber(tx);
        throw new Error('the invoice could not be written');
      }),
    ).rejects.toThrow('the invoice could not be written');
    expect(numberOf(await db.transaction((tx) => nextInvoiceNumber(tx)))).toBe(before + 1);
  });
});

describe('a tax invoice names its supplier and its customer', () => {
  const DETAILS = {
    legalName: 'Automate Software Limited',
    address: '12 Queen Street, Auckland 1010',
    taxNumber: '123-456-789',
    invoiceFooter: 'Pay within 20 days to 12-3456-7890123-00.',
  };

  it('shows the platform’s legal name, address, GST number and footer, and the business’s address, on the invoice and its PDF', async () => {
    const team = await createVendorTeam(services.deps, 'Rimu Roofing');
    const saved = await call('POST', '/api/Admin/settings/invoicing', superAdminToken, DETAILS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Saved. Invoices show these details now.');
    const address = await call('PATCH', `/api/Vendor/${team.vendor.id}`, team.adminToken, {
      billingAddress: '4 Harbour Road, Nelson 7010',
    });
    expect(address.statusCode, address.body).toBe(200);

    const invoice = await createInvoice(team.vendor.id);
    const read = OneInvoice.parse(
      (await call('GET', `/api/Accounting/invoice/fetch/${invoice.id}`, team.adminToken)).json(),
    ).data;
    expect([read.supplier, read.vendorName, read.vendorAddress]).toEqual([
      DETAILS,
      'Rimu Roofing',
      '4 Harbour Road, Nelson 7010',
    ]);

    const text = pdfText((await call('GET', `/api/Accounting/invoice/${invoice.id}/pdf`, team.adminToken)).rawPayload);
    for (const shown of [
      'Automate Software Limited',
      '12 Queen Street, Auckland 1010',
      'GST number: 123-456-789',
      `Tax invoice ${invoice.number}`,
      'Rimu Roofing',
      '4 Harbour Road, Nelson 7010',
      'Pay within 20 days to 12-3456-7890123-00.',
    ]) {
      expect(text, shown).toContain(shown);
    }
  });

  it('lets only super admins change the details, and refuses a GST number that is not one with a sentence', async () => {
    const team = await createVendorTeam(services.deps);
    expect((await call('GET', '/api/Admin/settings/invoicing', team.adminToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/Admin/settings/invoicing', team.adminToken, DETAILS)).statusCode).toBe(403);
    const bad = await call('POST', '/api/Admin/settings/invoicing', superAdminToken, { ...DETAILS, taxNumber: 'soon' });
    expect([bad.statusCode, errorOf(bad).message]).toEqual([400, 'GST number: write its digits, as 123-456-789.']);
  });
});
