import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { queueSystemEmail } from '../mail/mail.service.ts';
import type { UserRow } from '../users/users.service.ts';
import { issueLinkToken, LINK_TTL_HOURS } from './auth-links.ts';

type Link = { publicUrl: string; token: string; userId: string };

/** The emailed links of sign-up and sign-in: which token, which template, which page of the app. */
const LINK_EMAILS = {
  verification: {
    purpose: 'verify_email',
    key: 'verify-email',
    page: ({ publicUrl, token, userId }: Link) => `${publicUrl}/auth/verify/${token}/${userId}`,
    ttlHours: LINK_TTL_HOURS.verify_email,
  },
  /** Confirms the owner of a business asked for through "Sign in with ServiceM8", which creates it. */
  newBusiness: {
    purpose: 'verify_email',
    key: 'verify-email',
    page: ({ publicUrl, token, userId }: Link) => `${publicUrl}/sm8/confirm?${new URLSearchParams({ token, userId })}`,
    ttlHours: LINK_TTL_HOURS.verify_email,
  },
  passwordReset: {
    purpose: 'password_reset',
    key: 'password-reset',
    page: ({ publicUrl, token, userId }: Link) => `${publicUrl}/auth/reset/${token}/${userId}`,
    ttlHours: LINK_TTL_HOURS.password_reset,
  },
} as const;

/**
 * Queues an email with a fresh single-use link (retiring the user's earlier links of that kind). Over
 * the limit on requested emails nothing is sent and the earlier link keeps working; a super admin's
 * send (`bySuperAdmin`) is not held back.
 */
export async function sendLinkEmail(
  tx: Db,
  deps: Deps,
  user: UserRow,
  kind: keyof typeof LINK_EMAILS,
  options: { now: Date; bySuperAdmin?: boolean },
): Promise<void> {
  const { purpose, key, page, ttlHours } = LINK_EMAILS[kind];
  await queueSystemEmail(tx, deps, {
    key,
    to: user,
    bySuperAdmin: options.bySuperAdmin ?? false,
    data: async () => {
      const token = await issueLinkToken(tx, { userId: user.id, purpose, ttlHours, now: options.now });
      return { link: page({ publicUrl: deps.config.publicUrl, token, userId: user.id }), expiresInHours: ttlHours };
    },
  });
}
