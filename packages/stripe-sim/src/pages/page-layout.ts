export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-NZ', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** The frame of the simulator's hosted pages, which say plainly that no real money moves. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:8px;box-shadow:0 2px 8px #0002;padding:1.5rem}
.test{background:#fff4e5;border:1px solid #f5a623;border-radius:4px;padding:.5rem .75rem;font-size:.9rem}
label{display:block;margin-top:.9rem;font-weight:600;font-size:.9rem}
input{width:100%;box-sizing:border-box;padding:.55rem;margin-top:.25rem;border:1px solid #ccd;border-radius:4px;font-size:1rem}
button{margin-top:1.2rem;width:100%;padding:.7rem;border:0;border-radius:4px;background:#635bff;color:#fff;font-size:1rem;cursor:pointer}
.error{color:#b3093c;margin-top:1rem;font-weight:600}
.amount{font-size:1.8rem;font-weight:700;margin:.25rem 0}
.muted{color:#697386;font-size:.9rem}
</style></head><body><main>${body}</main></body></html>`;
}

export function testModeNotice(): string {
  return `<p class="test" role="note"><strong>Test payment.</strong> This is Automate's local Stripe simulator:
no card is charged. Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0341 to be declined.</p>`;
}

/** The card fields of the hosted pages. */
export function cardFields(email: string | null): string {
  return `${email === null ? '<label>Email<input name="email" type="email" autocomplete="email" required></label>' : ''}
<label>Card number<input name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required></label>
<label>Expiry<input name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required></label>
<label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required></label>
<label>Cardholder name<input name="name" autocomplete="cc-name"></label>`;
}
