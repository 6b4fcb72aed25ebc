import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  consumeUserToken,
  findUserTokenByHash,
  insertUserToken,
  retireUserTokens,
  type UserTokenPurpose,
  type UserTokenRow,
} from './auth.repository.ts';
import { hashOneTimeToken, newOneTimeToken } from './one-time-tokens.ts';

/** How long emailed links work. */
export const LINK_TTL_HOURS = { verify_email: 48, password_reset: 2, invitation: 72 } as const;

/** Creates a single-use link token (retiring older ones of the same purpose) and returns the raw token. */
export async function issueLinkToken(
  tx: Db,
  options: { userId: string; purpose: UserTokenPurpose; ttlHours: number; now: Date },
): Promise<string> {
  await retireUserTokens(tx, options.userId, options.purpose, options.now);
  const { token, tokenHash } = newOneTimeToken();
  const expiresAt = new Date(options.now.getTime() + options.ttlHours * 3_600_000);
  await insertUserToken(tx, { userId: options.userId, purpose: options.purpose, tokenHash, expiresAt });
  return token;
}

type LinkUse = { userId: string; purpose: UserTokenPurpose; token: string; now: Date; askAgain: string };

/** Uses a link token once, or says precisely why it cannot be used. */
export async function redeemLinkToken(tx: Db, options: LinkUse): Promise<UserTokenRow> {
  const tokenHash = hashOneTimeToken(options.token);
  const redeemed = await consumeUserToken(tx, { ...options, tokenHash });
  if (redeemed) return redeemed;
  return refuseLinkToken(await findUserTokenByHash(tx, tokenHash), options);
}

/** Checks, without using it, that a link token could be used now; says precisely why not when it cannot. */
export async function checkLinkToken(tx: Db, options: LinkUse): Promise<void> {
  const found = await findUserTokenByHash(tx, hashOneTimeToken(options.token));
  const usable =
    found?.userId === options.userId &&
    found.purpose === options.purpose &&
    !found.usedAt &&
    found.expiresAt.getTime() > options.now.getTime();
  if (!usable) refuseLinkToken(found, options);
}

function refuseLinkToken(found: UserTokenRow | undefined, options: LinkUse): never {
  if (!found || found.userId !== options.userId || found.purpose !== options.purpose) {
    throw new AppError('BAD_REQUEST', `This link is not valid. ${options.askAgain}`);
  }
  if (found.usedAt) {
    throw new AppError('BAD_REQUEST', `This link has already been used. ${options.askAgain}`);
  }
  throw new AppError('BAD_REQUEST', `This link has expired. ${options.askAgain}`);
}
