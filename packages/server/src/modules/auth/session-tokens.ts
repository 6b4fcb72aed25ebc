import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../deps.ts';

export type SessionToken = { token: string; expiresAt: Date };
export type SessionClaims = { userId: string; issuedAt: Date };

const ISSUER = 'automate';
/** Clocks of the processes that issue and check tokens may differ by this much. */
const SESSION_CLOCK_SKEW_SECONDS = 60;

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

    /**
     * The claims of a valid, unexpired token; null for anything else, including a token without `exp`
     * or `iat`, issued in the future, or meant to last longer than sessions do.
     */
    async verify(token: string): Promise<SessionClaims | null> {
      try {
        const now = clock.now();
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now,
          requiredClaims: ['sub', 'iat', 'exp'],
          maxTokenAge: ttlHours * 3600,
          clockTolerance: SESSION_CLOCK_SKEW_SECONDS,
        });
        if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number' || typeof payload.exp !== 'number') {
          return null;
        }
        const nowSeconds = now.getTime() / 1000;
        if (payload.iat > nowSeconds + SESSION_CLOCK_SKEW_SECONDS) return null;
        if (payload.exp - payload.iat > ttlHours * 3600) return null;
        return { userId: payload.sub, issuedAt: new Date(payload.iat * 1000) };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;
