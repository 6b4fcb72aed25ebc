import { decodeJwt } from 'jose';

/**
 * The expiry (ms since the epoch) of a session token, read from its `exp` claim, or null
 * when the token cannot be decoded or carries no expiry. The signature is the server's business: the
 * browser only needs to know whether it is worth sending.
 */
export function readTokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** A token the server may still accept: decodable, with an expiry claim that lies in the future. */
export function isTokenUsable(token: string, now: number): boolean {
  const expiry = readTokenExpiry(token);
  return expiry !== null && expiry > now;
}
