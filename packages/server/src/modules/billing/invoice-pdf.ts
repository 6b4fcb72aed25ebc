import type { Invoice } from '@automate/contract';
import { DateTime } from 'luxon';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-NZ', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
const day = (iso: string | null, zone: string) =>
  iso ? DateTime.fromISO(iso).setZone(zone).toFormat('d LLLL yyyy') : '—';

/** The supplier's name on an invoice: its legal name, or the product's until a super admin writes one. */
const supplierName = (invoice: Invoice) => invoice.supplier.legalName || 'Automate';

/**
 * The invoice as a one-page A4 PDF, a tax invoice: the supplier (legal name, address, GST number),
 * number, status, dates, the business billed with its address, the lines, subtotal, GST at 15 %, total,
 * what was paid and the supplier's footer. Dates read in the vendor's time zone.
 */
export async function renderInvoicePdf(invoice: Invoice, options: { timeZone: string }): Promise<Buffer> {
  // Loaded with the first invoice asked for as a PDF rather than at every start (a tenth of a second of CPU).
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Tax invoice ${invoice.number}`, Author: supplierName(invoice) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const { currency } = invoice;
  const { supplier } = invoice;
  pdf.fontSize(20).text(supplierName(invoice), { continued: false });
  pdf.fontSize(10).fillColor('#444');
  if (supplier.address) pdf.text(supplier.address);
  if (supplier.taxNumber) pdf.text(`GST number: ${supplier.taxNumber}`);
  pdf.moveDown(0.5).fillColor('#000').fontSize(14).text(`Tax invoice ${invoice.number}`);
  pdf.fontSize(10).fillColor('#444');
  pdf.text(`Status: ${invoice.status}`);
  pdf.text(`Issued: ${day(invoice.issuedAt, options.timeZone)}`);
  if (invoice.dueDate) pdf.text(`Due: ${DateTime.fromISO(invoice.dueDate).toFormat('d LLLL yyyy')}`);
  if (invoice.periodStart && invoice.periodEnd) {
    pdf.text(`Period: ${day(invoice.periodStart, options.timeZone)} to ${day(invoice.periodEnd, options.timeZone)}`);
  }
  if (invoice.reference) pdf.text(`Reference: ${invoice.reference}`);
  pdf.moveDown().fillColor('#000').fontSize(11).text('Bill to');
  pdf.fontSize(10).text(invoice.vendorName);
  if (invoice.vendorAddress) pdf.text(invoice.vendorAddress);

  pdf.moveDown(1.5);
  const columns = { description: 50, quantity: 330, unit: 380, amount: 470 };
  const row = (cells: [string, string, string, string], bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    pdf.text(cells[0], columns.description, y, { width: 270 });
    const bottom = pdf.y;
    pdf.text(cells[1], columns.quantity, y, { width: 40, align: 'right' });
    pdf.text(cells[2], columns.unit, y, { width: 80, align: 'right' });
    pdf.text(cells[3], columns.amount, y, { width: 75, align: 'right' });
    pdf.y = Math.max(bottom, pdf.y) + 4;
  };
  row(['Description', 'Qty', 'Unit price', 'Amount'], true);
  for (const line of invoice.lines) {
    row([
      line.description,
      String(line.quantity),
      money(line.unitAmountCents, currency),
      money(line.amountCents, currency),
    ]);
  }
  pdf.moveDown();
  const total = (label: string, cents: number, bold = false) => row([label, '', '', money(cents, currency)], bold);
  total('Subtotal (excluding GST)', invoice.subtotalCents);
  total('GST 15%', invoice.gstCents);
  total(`Total ${currency.toUpperCase()}`, invoice.totalCents, true);
  total('Paid', invoice.amountPaidCents);
  total(
    'Amount due',
    invoice.status === 'PAID' || invoice.status === 'VOIDED' ? 0 : invoice.totalCents - invoice.amountPaidCents,
    true,
  );
  if (supplier.invoiceFooter) {
    pdf.moveDown(2).font('Helvetica').fillColor('#444').text(supplier.invoiceFooter, 50, pdf.y, { width: 495 });
  }
  pdf.end();
  return done;
}
