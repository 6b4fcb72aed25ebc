import type { SimRecord } from '../objects/record-store.ts';
import { html, renderPage } from '../ui/html.ts';
import type { OAuthApp, PendingConsent } from './oauth-store.ts';

/** The consent page a signed-in ServiceM8 user sees when an app asks for access. */
export function renderConsentPage(input: {
  consent: PendingConsent;
  app: OAuthApp;
  accountName: string;
  staff: SimRecord[];
  defaultStaffUuid: string;
}): string {
  const { consent, app, accountName, staff } = input;
  return renderPage(
    `Connect ${app.name} to ServiceM8`,
    html`<div class="card">
      <h2>${app.name} would like to access your ServiceM8 account</h2>
      <p>Account: <strong>${accountName}</strong></p>
      <form method="post" action="/oauth/authorize">
        <input type="hidden" name="consent_id" value="${consent.id}">
        <label>Signed in as
          <select name="staff_uuid">
            ${staff.map(
              (member) =>
                html`<option value="${member.uuid}" ${member.uuid === input.defaultStaffUuid ? 'selected' : ''}>${member.first} ${member.last} (${member.email})</option>`,
            )}
          </select>
        </label>
        <p>It will be able to:</p>
        <ul>${consent.scopes.map((scope) => html`<li><code>${scope}</code></li>`)}</ul>
        <button type="submit" name="decision" value="allow" class="allow">Allow</button>
        <button type="submit" name="decision" value="deny">Deny</button>
      </form>
      <p class="muted">You will return to ${new URL(consent.redirectUri).host}.</p>
    </div>`,
    { nav: false },
  );
}

export function renderOAuthErrorPage(message: string): string {
  return renderPage(
    'Authorization error',
    html`<div class="card"><h2>Authorization error</h2><p class="error">${message}</p></div>`,
    {
      nav: false,
    },
  );
}
