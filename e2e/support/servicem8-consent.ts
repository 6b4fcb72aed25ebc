/**
 * The browser's path through "Sign in with ServiceM8" to a new business for the account, over plain
 * HTTP: the simulator approves the consent at once, the state cookie goes back with ServiceM8's redirect
 * to the callback, the new owner gives their address, and the link mailed to it (read with
 * `readConfirmLink`, from the log or the outbox) creates the business. Answers the owner's session token
 * and the business.
 */
export async function connectThroughConsent(
  baseUrl: string,
  accountUuid: string,
  readConfirmLink: (email: string) => Promise<string>,
): Promise<{ token: string; vendorId: string }> {
  const start = await fetch(`${baseUrl}/api/Auth/login/servicem8`, { redirect: 'manual' });
  const cookie = start.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const approved = await fetch(String(start.headers.get('location')), { redirect: 'manual' });
  const callback = await fetch(String(approved.headers.get('location')), { redirect: 'manual', headers: { cookie } });
  const connection = new URL(String(callback.headers.get('location'))).searchParams.get('connection');
  const email = `owner-${accountUuid.slice(0, 8)}@example.org`;
  const asked = await post(baseUrl, '/api/Auth/servicem8/complete', {
    connection,
    accountUuid,
    newOwner: { email, password: 'owner-password-2026', firstName: 'Olivia', lastName: 'Harper' },
  });
  if (asked.data?.outcome !== 'ConfirmEmail') throw new Error(`no confirmation asked: ${JSON.stringify(asked)}`);
  const link = new URL(await readConfirmLink(email));
  const confirmed = await post(baseUrl, '/api/Auth/servicem8/business/confirm', {
    token: link.searchParams.get('token'),
    userId: link.searchParams.get('userId'),
  });
  if (!confirmed.data?.session || !confirmed.data.vendorId) {
    throw new Error(`the business was not created: ${JSON.stringify(confirmed)}`);
  }
  return { token: confirmed.data.session.token, vendorId: confirmed.data.vendorId };
}

type Answer = { data?: { outcome?: string; session?: { token: string }; vendorId?: string | null } };

async function post(baseUrl: string, path: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Answer;
}

/**
 * Reads the confirmation link mailed to `email` from a server's log (outside production, emails kept in
 * the outbox are logged with their links), waiting up to 30 seconds for the mail job.
 */
export function confirmLinkInLog(output: () => string) {
  return async (email: string): Promise<string> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const line = output()
        .split('\n')
        .find((entry) => entry.includes(email) && entry.includes('/sm8/confirm?'));
      const link = line?.match(/https?:\/\/[^\s"]+\/sm8\/confirm\?[^\s"]+/)?.[0];
      if (link) return link;
      if (Date.now() > deadline) throw new Error(`no confirmation link for ${email} in the log`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
}
