import { OutboxMessage, searchPage, successEnvelope, toSearchParams } from '@automate/contract';
import type { TestServices } from './test-services.ts';
import { waitFor } from './wait-for.ts';

const Page = successEnvelope(searchPage(OutboxMessage));

/** Waits until an email to `to` with `templateKey` is in the outbox (read as a super admin would). */
export async function waitForEmail(
  services: TestServices,
  superAdminToken: string,
  match: { to: string; templateKey: string; status?: OutboxMessage['status']; newerThan?: OutboxMessage },
  timeoutMs = 15_000,
): Promise<OutboxMessage> {
  const matching = async () => {
    const response = await services.app.inject({
      method: 'GET',
      url: '/api/Admin/outbox/search',
      headers: { authorization: `Bearer ${superAdminToken}` },
      query: toSearchParams({
        Filters: [
          { action: 'Eq', field: 'to', value: match.to },
          { action: 'Eq', field: 'templateKey', value: match.templateKey },
          ...(match.status ? [{ action: 'Eq' as const, field: 'status', value: match.status }] : []),
        ],
      }),
    });
    return Page.parse(response.json()).data.rows.find(
      (row) => !match.newerThan || row.createdAt > match.newerThan.createdAt,
    );
  };
  const message = await waitFor(
    matching,
    Boolean,
    `a ${match.templateKey} email to ${match.to} in the outbox`,
    timeoutMs,
  );
  if (!message) throw new Error(`no ${match.templateKey} email to ${match.to} in the outbox`);
  return message;
}

/** The token and user id of the first app link of a kind (`verify` or `reset`) in an email. */
export function linkIn(message: OutboxMessage, kind: 'verify' | 'reset'): { token: string; userId: string } {
  const found = message.text.match(new RegExp(`/auth/${kind}/([A-Za-z0-9_-]+)/([0-9a-f-]{36})`));
  if (!found?.[1] || !found[2]) throw new Error(`no ${kind} link in: ${message.text}`);
  return { token: found[1], userId: found[2] };
}

/** The query of the first link to an app page such as `/sm8/confirm` or `/sm8/link` in an email. */
export function pageLinkIn(message: Pick<OutboxMessage, 'text'>, path: string): URLSearchParams {
  const found = message.text.match(new RegExp(`${path}\\?([^\\s)\\]>]+)`));
  if (!found?.[1]) throw new Error(`no ${path} link in: ${message.text}`);
  return new URLSearchParams(found[1].replaceAll('&amp;', '&'));
}
