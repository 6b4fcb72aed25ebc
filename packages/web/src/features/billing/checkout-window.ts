/** The checkout popup and the message /payment/close sends its opener before it closes itself. */

const PAYMENT_CLOSED = 'automate:payment-closed';

export type PaymentClosedMessage = { type: typeof PAYMENT_CLOSED; status: string };

/**
 * Opens the popup at once, in the click that asked for it (browsers block popups opened later, after
 * a request); the caller then sends it to the checkout page. Null when the browser refused.
 */
export function openCheckoutWindow(): Window | null {
  const width = 520;
  const height = 760;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return window.open('', 'automate-checkout', `popup,width=${width},height=${height},left=${left},top=${top}`);
}

/** From /payment/close: tells the window that opened checkout that it is over, so it refreshes. */
export function tellOpenerPaymentClosed(status: string): boolean {
  const opener = window.opener as Window | null;
  if (!opener) return false;
  const message: PaymentClosedMessage = { type: PAYMENT_CLOSED, status };
  opener.postMessage(message, window.location.origin);
  return true;
}

export function isPaymentClosed(event: MessageEvent): event is MessageEvent<PaymentClosedMessage> {
  return event.origin === window.location.origin && (event.data as { type?: unknown } | null)?.type === PAYMENT_CLOSED;
}
