import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownedByUser } from '../users/users.schema.ts';
import { vendors } from '../vendors/vendors.schema.ts';

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

/** How a session was begun: what the person proved. */
export const SESSION_PROOFS = ['password', 'email_link', 'invitation', 'servicem8_addon'] as const;
export const sessionProof = pgEnum('session_proof', SESSION_PROOFS);

/**
 * Every session handed out. A token names its row (`sid`), so signing out ends one session and a
 * password change ends them all. A session begun from inside ServiceM8 acts only for the business
 * connected to that ServiceM8 account (`vendorId`): the add-on proves a ServiceM8 login, nothing more.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: ownedByUser(),
    proof: sessionProof().notNull(),
    /** Set for ServiceM8 add-on sessions: the only business the session may act for. */
    vendorId: uuid().references(() => vendors.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A business's API keys. Only a SHA-256 of the key is kept (the key is shown once, when created);
 * `revokedAt` ends it at once for every process, which reads the row on every request.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: uuid()
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scope: text().$type<'read' | 'read-write'>().notNull(),
    keyHash: text().notNull().unique(),
    /** The key's first characters, shown to tell keys apart. */
    start: text().notNull(),
    createdByUserId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('api_keys_vendor_idx').on(t.vendorId)],
);
