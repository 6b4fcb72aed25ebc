/**
 * The claims of a signed token (`header.payload.signature`, each part base64url), or null when it is not
 * one. Read by hand: the browser only needs the expiry, not a token library in every page's first load.
 */
function readClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return null;
  try {
    const binary = atob(payload.replaceAll('-', '+').replaceAll('_', '/'));
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The expiry (ms since the epoch) of a session token, read from its `exp` claim, or null
 * when the token cannot be decoded or carries no expiry. The signature is the server's business: the
 * browser only needs to know whether it is worth sending.
 */
export function readTokenExpiry(token: string): number | null {
  const exp = readClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** A token the server may still accept: decodable, with an expiry claim that lies in the future. */
export function isTokenUsable(token: string, now: number): boolean {
  const expiry = readTokenExpiry(token);
  return expiry !== null && expiry > now;
}
