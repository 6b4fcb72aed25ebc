import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../deps.ts';

export type SessionToken = { token: string; expiresAt: Date };
/** `sessionId` names the stored session (the token's `jti`), which signing out or a password change ends. */
export type SessionClaims = { userId: string; sessionId: string; issuedAt: Date };

const ISSUER = 'automate';
/** Clocks of the processes that issue and check tokens may differ by this much. */
const SESSION_CLOCK_SKEW_SECONDS = 60;

/** How many checked tokens `verify` remembers; past that the oldest is checked again when next used. */
const VERIFIED_TOKENS_KEPT = 10_000;

type VerifiedClaims = { sub: string; jti: string; iat: number; exp: number };

/** Sessions are HS256 JWTs: `sub` is the user id, `jti` the stored session, `exp` the expiry the client reads. */
export function createSessionTokens(key: Uint8Array, ttlHours: number, clock: Clock) {
  const maxAgeSeconds = ttlHours * 3600;
  /**
   * Tokens whose signature has been checked, with their claims: every signed-in request presents one,
   * and checking its HMAC cost more than the rest of its sign-in. Only the signature is remembered;
   * the times are checked on every use, and whether the user may still sign in is the caller's check.
   */
  const verified = new Map<string, VerifiedClaims>();
  const withinTimeLimits = (claims: VerifiedClaims, nowSeconds: number) =>
    claims.exp > nowSeconds - SESSION_CLOCK_SKEW_SECONDS &&
    claims.iat <= nowSeconds + SESSION_CLOCK_SKEW_SECONDS &&
    nowSeconds - claims.iat - SESSION_CLOCK_SKEW_SECONDS <= maxAgeSeconds &&
    claims.exp - claims.iat <= maxAgeSeconds;
  return {
    /** When a session begun or refreshed at `now` ends (whole seconds, as the token carries it). */
    expiryFrom(now: Date): Date {
      return new Date((Math.floor(now.getTime() / 1000) + ttlHours * 3600) * 1000);
    },

    async issue(session: { userId: string; sessionId: string }, now = clock.now()): Promise<SessionToken> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAtSeconds = issuedAt + ttlHours * 3600;
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(session.userId)
        .setJti(session.sessionId)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(key);
      return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
    },

    /**
     * The claims of a valid, unexpired token; null for anything else, including a token without `exp`,
     * `iat` or `jti`, issued in the future, or meant to last longer than sessions do.
     */
    async verify(token: string): Promise<SessionClaims | null> {
      const now = clock.now();
      const nowSeconds = Math.floor(now.getTime() / 1000);
      const known = verified.get(token) ?? (await checkSignature(token, now));
      if (!known || !withinTimeLimits(known, nowSeconds)) return null;
      return { userId: known.sub, sessionId: known.jti, issuedAt: new Date(known.iat * 1000) };
    },
  };

  /** The claims of a token signed with the key and valid at `now`, remembered for its next use. */
  async function checkSignature(token: string, now: Date): Promise<VerifiedClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: now,
        requiredClaims: ['sub', 'jti', 'iat', 'exp'],
        maxTokenAge: maxAgeSeconds,
        clockTolerance: SESSION_CLOCK_SKEW_SECONDS,
      });
      const { sub, jti, iat, exp } = payload;
      if (typeof sub !== 'string' || typeof jti !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') {
        return null;
      }
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
      const claims = { sub, jti, iat, exp };
      verified.set(token, claims);
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;
