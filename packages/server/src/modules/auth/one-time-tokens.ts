import { createHash, randomBytes } from 'node:crypto';

/** A random token for an emailed link; only its hash is stored, so a database leak reveals no live link. */
export function newOneTimeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
