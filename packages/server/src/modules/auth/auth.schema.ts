import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownedByUser } from '../users/users.schema.ts';

export const USER_TOKEN_PURPOSES = ['verify_email', 'password_reset', 'sm8_link'] as const;
export const userTokenPurpose = pgEnum('user_token_purpose', USER_TOKEN_PURPOSES);

/** Single-use links sent by email. Only a SHA-256 of the token is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: ownedByUser(),
    purpose: userTokenPurpose().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Failed sign-ins per address (lower-cased), for accounts and unknown addresses alike, so a lock-out
 * neither depends on the network the attempts come from nor tells whether an account exists.
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  emailKey: text().primaryKey(),
  failedCount: integer().notNull().default(0),
  firstFailedAt: timestamp({ withTimezone: true }).notNull(),
  lockedUntil: timestamp({ withTimezone: true }),
});

/**
 * A ServiceM8 sign-in identity, (account, staff member), linked to one Automate user. Sign-in with
 * ServiceM8 trusts only this link, never the staff member's email: ServiceM8 does not verify emails.
 */
export const sm8Identities = pgTable(
  'sm8_identities',
  {
    accountUuid: text().notNull(),
    staffUuid: text().notNull(),
    userId: ownedByUser(),
    /** As ServiceM8 named them when linked, so the person recognises the link in their profile. */
    accountName: text().notNull(),
    staffEmail: text().notNull(),
    linkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountUuid, t.staffUuid] }), index('sm8_identities_user_idx').on(t.userId)],
);
