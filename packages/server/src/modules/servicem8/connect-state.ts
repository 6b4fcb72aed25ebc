import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'automate:sm8-connect';
export const CONNECT_STATE_MINUTES = 15;

/**
 * The OAuth `state`: signed, short-lived, and bound to the browser that started connecting through a
 * nonce that is also kept in an HttpOnly cookie. A callback carrying someone else's state (login CSRF:
 * an attacker's consent finished in a victim's browser) does not match the victim's cookie. ServiceM8
 * may send the browser back without the state; the cookie's nonce then has to name a start stored by
 * `startConnect` that no callback has used yet (connect.service.ts).
 */
export async function signConnectState(key: Uint8Array, now: Date): Promise<{ state: string; nonce: string }> {
  const nonce = randomBytes(16).toString('base64url');
  const issuedAt = Math.floor(now.getTime() / 1000);
  const state = await new SignJWT({ nonce })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CONNECT_STATE_MINUTES * 60)
    .sign(key);
  return { state, nonce };
}

/** True when the state is ours, unexpired, and was issued to the browser holding `cookieNonce`. */
export async function isValidConnectState(
  key: Uint8Array,
  state: string,
  cookieNonce: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!cookieNonce) return false;
  try {
    const { payload } = await jwtVerify(state, key, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['exp', 'iat'],
    });
    return payload.nonce === cookieNonce;
  } catch {
    return false;
  }
}
