import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'automate:sm8-connect';

/** The OAuth `state`: signed and short-lived, so a callback we did not start is refused. */
export async function signConnectState(key: Uint8Array, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ nonce: randomBytes(8).toString('hex') })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 15 * 60)
    .sign(key);
}

export async function isValidConnectState(key: Uint8Array, state: string, now: Date): Promise<boolean> {
  try {
    await jwtVerify(state, key, { issuer: ISSUER, algorithms: ['HS256'], currentDate: now });
    return true;
  } catch {
    return false;
  }
}
