import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../deps.ts';

export type SessionToken = { token: string; expiresAt: Date };
export type SessionClaims = { userId: string; issuedAt: Date };

const ISSUER = 'automate';

/** Sessions are HS256 JWTs: `sub` is the user id, `exp` the expiry the client reads. */
export function createSessionTokens(key: Uint8Array, ttlHours: number, clock: Clock) {
  return {
    async issue(userId: string, now = clock.now()): Promise<SessionToken> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAtSeconds = issuedAt + ttlHours * 3600;
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(key);
      return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
    },

    /** The claims of a valid, unexpired token; null for anything else. */
    async verify(token: string): Promise<SessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number') return null;
        return { userId: payload.sub, issuedAt: new Date(payload.iat * 1000) };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;
