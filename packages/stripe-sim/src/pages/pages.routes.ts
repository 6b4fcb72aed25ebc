import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FormObject } from '../http/form-encoding.ts';
import { StripeError } from '../http/stripe-error.ts';
import { attachCard, payInvoice } from '../objects/billing.ts';
import { checkoutDueNow, completeCheckout } from '../objects/checkout.ts';
import type { CheckoutSession, Invoice } from '../objects/stripe-objects.ts';
import type { SimState } from '../sim-state.ts';
import { cardFields, escapeHtml, formatAmount, page, testModeNotice } from './page-layout.ts';

type Params = { id: string };

function field(body: unknown, name: string): string | undefined {
  const value = (body as FormObject | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

function errorLine(message: string | undefined): string {
  return message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : '';
}

function checkoutPage(state: SimState, session: CheckoutSession, error?: string): string {
  const names = session.line_items_input
    .map((line) => {
      const price = state.prices.get(line.price);
      const product = price ? state.products.get(price.product) : undefined;
      const per = price?.recurring ? ` per ${price.recurring.interval}` : '';
      return `${escapeHtml(product?.name ?? line.price)} — ${price ? formatAmount(price.unit_amount, price.currency) : ''}${per}`;
    })
    .join('<br>');
  const trialDays = session.subscription_data.trial_period_days ?? 0;
  const dueNow = checkoutDueNow(state, session);
  const cancel = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">← Back</a></p>` : '';
  return page(
    'Checkout',
    `${cancel}<h1>Subscribe</h1><p>${names}</p>
<p class="amount">${formatAmount(dueNow, session.currency)} due today</p>
${trialDays > 0 ? `<p class="muted">${trialDays}-day free trial, then billed each period.</p>` : ''}
${testModeNotice()}
<form method="post">${cardFields(session.customer ? '' : null)}
<button type="submit">${trialDays > 0 ? 'Start trial' : 'Subscribe'}</button></form>${errorLine(error)}`,
  );
}

function invoicePage(invoice: Invoice, message?: { error?: string; notice?: string }): string {
  const form =
    invoice.status === 'open'
      ? `${testModeNotice()}<form method="post">${cardFields('')}<button type="submit">Pay ${formatAmount(invoice.amount_remaining, invoice.currency)}</button></form>`
      : '';
  return page(
    `Invoice ${invoice.number ?? invoice.id}`,
    `<h1>Invoice ${escapeHtml(invoice.number ?? invoice.id)}</h1>
<p class="amount">${formatAmount(invoice.total, invoice.currency)}</p>
<p>Status: <strong>${escapeHtml(invoice.status)}</strong></p>
<ul>${invoice.lines.data.map((line) => `<li>${escapeHtml(line.description)}: ${formatAmount(line.amount, line.currency)}</li>`).join('')}</ul>
${form}${errorLine(message?.error)}${message?.notice ? `<p role="status">${escapeHtml(message.notice)}</p>` : ''}`,
  );
}

function inactiveCheckout(reply: FastifyReply) {
  return html(
    reply,
    404,
    page('Checkout', '<h1>Something went wrong</h1><p>This Checkout Session is no longer active.</p>'),
  );
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

/**
 * The hosted pages a buyer sees: Checkout (`/c/pay/:session`) and the hosted invoice page
 * (`/i/:invoice`), where a past-due invoice is paid with another card.
 */
export function registerPageRoutes(app: FastifyInstance, state: SimState): void {
  app.get<{ Params: Params }>('/c/pay/:id', async (request, reply) => {
    const session = state.sessions.get(request.params.id);
    if (session?.status !== 'open') return inactiveCheckout(reply);
    return html(reply, 200, checkoutPage(state, session));
  });
  app.post<{ Params: Params }>('/c/pay/:id', async (request, reply) => {
    const session = state.sessions.get(request.params.id);
    if (session?.status !== 'open') return inactiveCheckout(reply);
    try {
      completeCheckout(state, session, {
        cardNumber: field(request.body, 'cardNumber') ?? '',
        email: field(request.body, 'email'),
      });
    } catch (error) {
      if (error instanceof StripeError) return html(reply, 402, checkoutPage(state, session, error.message));
      throw error;
    }
    const target = (session.success_url ?? `${state.baseUrl()}/`).replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    return reply.redirect(target, 303);
  });
  app.get<{ Params: Params }>('/i/:id', async (request, reply) => {
    const invoice = state.invoices.get(request.params.id);
    if (!invoice) return html(reply, 404, page('Invoice', '<h1>Invoice not found</h1>'));
    return html(reply, 200, invoicePage(invoice));
  });
  app.post<{ Params: Params }>('/i/:id', async (request, reply) => {
    const invoice = state.invoices.get(request.params.id);
    if (!invoice) return html(reply, 404, page('Invoice', '<h1>Invoice not found</h1>'));
    const customer = state.customers.get(invoice.customer);
    try {
      if (!customer) throw new StripeError(400, 'invalid_request_error', 'The invoice has no customer.');
      attachCard(state, customer, field(request.body, 'cardNumber') ?? '');
      const refusal = payInvoice(state, invoice);
      if (refusal) throw refusal;
    } catch (error) {
      if (error instanceof StripeError) return html(reply, 402, invoicePage(invoice, { error: error.message }));
      throw error;
    }
    return html(reply, 200, invoicePage(invoice, { notice: 'Thank you: the invoice is paid.' }));
  });
}
