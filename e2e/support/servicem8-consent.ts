/**
 * The browser's path through "Sign in with ServiceM8" to an activated account, over plain HTTP: the
 * simulator approves the consent at once, the state cookie goes back with ServiceM8's redirect to the
 * callback, and the chosen account is completed. Answers the new session's token and the vendor.
 */
export async function connectThroughConsent(
  baseUrl: string,
  accountUuid: string,
): Promise<{ token: string; vendorId: string }> {
  const start = await fetch(`${baseUrl}/api/Auth/login/servicem8`, { redirect: 'manual' });
  const cookie = start.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const approved = await fetch(String(start.headers.get('location')), { redirect: 'manual' });
  const callback = await fetch(String(approved.headers.get('location')), { redirect: 'manual', headers: { cookie } });
  const connection = new URL(String(callback.headers.get('location'))).searchParams.get('connection');
  const complete = await fetch(`${baseUrl}/api/Auth/servicem8/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ connection, accountUuid }),
  });
  const outcome = (await complete.json()) as { data: { session?: { token: string }; vendorId?: string } };
  if (!outcome.data.session || !outcome.data.vendorId) throw new Error(`not signed in: ${JSON.stringify(outcome)}`);
  return { token: outcome.data.session.token, vendorId: outcome.data.vendorId };
}
