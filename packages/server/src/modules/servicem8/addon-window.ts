/**
 * The pages Automate answers ServiceM8's add-on event with (`eventResponse`). ServiceM8 shows them in
 * an iframe of its add-on window, so each is one self-contained document: inline styles, no scripts,
 * every value escaped, links that open in a new tab.
 */

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

const STYLE = `
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2933; background: #fff; }
  main { max-width: 32rem; padding: 1.5rem; }
  h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
  p { line-height: 1.5; margin: 0 0 1rem; }
  .button { display: inline-block; padding: 0.6rem 1.2rem; border-radius: 6px; background: #1565c0; color: #fff;
    text-decoration: none; font-weight: 600; }
  .button:hover, .button:focus { background: #0d47a1; }
  .note { color: #52606d; font-size: 0.875rem; }
`;

function page(heading: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(heading)}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(heading)}</h1>${body}</main></body></html>`
  );
}

function newTabLink(href: string, text: string, className?: string): string {
  const classAttribute = className ? ` class="${className}"` : '';
  return `<a${classAttribute} href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(text)}</a>`;
}

/** The button that opens Automate signed in, through a one-time code in its link. */
export function openAutomateWindow(options: { signInUrl: string; businessName: string; codeMinutes: number }): string {
  return page(
    'Automate',
    `<p>Open your automations for ${escapeHtml(options.businessName)}. Automate opens in a new tab, signed in as you.</p>` +
      `<p>${newTabLink(options.signInUrl, 'Open Automate', 'button')}</p>` +
      `<p class="note">The button works once, within ${options.codeMinutes} minutes. After that, close this window ` +
      'and open Automate from ServiceM8 again.</p>',
  );
}

/** The event's token was not ServiceM8's, or too old: say so rather than leave the window blank. */
export function invalidEventWindow(): string {
  return page(
    'This link is not valid',
    '<p>This ServiceM8 link is not valid or has expired. Close this window and open Automate from ServiceM8 again.</p>',
  );
}

/** The account has no connection yet: an Admin must connect it first. */
export function notConnectedWindow(publicUrl: string): string {
  return page(
    'Connect ServiceM8 first',
    '<p>This ServiceM8 account is not connected to Automate yet. An Admin can connect it with ' +
      `“Sign in with ServiceM8” at ${newTabLink(`${publicUrl}/auth/login`, 'Automate')}, then open Automate ` +
      'from ServiceM8 again.</p>',
  );
}
