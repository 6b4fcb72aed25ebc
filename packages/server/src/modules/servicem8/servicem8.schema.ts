import { boolean, index, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';
import { ownedByVendor } from '../vendors/vendors.schema.ts';

/** A vendor's link to its ServiceM8 account. Tokens and the webhook secret are encrypted (AES-256-GCM). */
export const sm8Connections = pgTable('sm8_connections', {
  vendorId: ownedByVendor().primaryKey(),
  accountUuid: text().notNull().unique(),
  accessTokenEnc: text().notNull(),
  refreshTokenEnc: text().notNull(),
  accessTokenExpiresAt: timestamp({ withTimezone: true }).notNull(),
  scope: text().notNull(),
  /** Put in the webhook callback URL: ServiceM8 does not sign deliveries. */
  webhookSecretEnc: text().notNull(),
  connectedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  /** Set when ServiceM8 refused the refresh token: the vendor must connect again. */
  needsReconnectSince: timestamp({ withTimezone: true }),
  lastSyncedAt: timestamp({ withTimezone: true }),
  /** The account's name, email and website (`vendor.json`) as the last sync read them; null before a sync kept them. */
  account: jsonb().$type<Sm8AccountDetails>(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** What the `vendor.*` merge fields show of the ServiceM8 account. */
export type Sm8AccountDetails = { name: string; email: string; website: string };

/**
 * Between the OAuth callback and the person activating the account (30 minutes), or, for a new business
 * asked for without signing in, until its owner confirms their address (48 hours).
 */
export const sm8PendingConnections = pgTable('sm8_pending_connections', {
  id: uuid().primaryKey().defaultRandom(),
  /** SHA-256 of the opaque value in the /sm8/activate URL. */
  tokenHash: text().notNull().unique(),
  accountUuid: text().notNull(),
  accountName: text().notNull(),
  timeZone: text(),
  /**
   * Set when a person who was not signed in asked to create a business for this account: it is
   * created, with them as its Admin, once they confirm their email address by our link.
   */
  userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  accessTokenEnc: text().notNull(),
  refreshTokenEnc: text().notNull(),
  accessTokenExpiresAt: timestamp({ withTimezone: true }).notNull(),
  scope: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A "Sign in with ServiceM8" started in a browser, from the redirect to ServiceM8 until its callback
 * (15 minutes). The browser holds the nonce in a signed HttpOnly cookie; the callback deletes the row,
 * so each start finishes once, with or without the OAuth `state`.
 */
export const sm8ConnectAttempts = pgTable(
  'sm8_connect_attempts',
  {
    /** SHA-256 of the nonce in the browser's cookie. */
    nonceHash: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

/**
 * The one-time code behind the button of an add-on window: ServiceM8 POSTed an add-on event naming this
 * account and staff member, and the code signs them in once, within ADDON_CODE_MINUTES.
 */
export const sm8AddonCodes = pgTable(
  'sm8_addon_codes',
  {
    /** SHA-256 of the code in the button's link. */
    codeHash: text().primaryKey(),
    accountUuid: text().notNull(),
    staffUuid: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

/**
 * Add-on event tokens already used: each signs in once. Kept (by SHA-256) until the token is too old
 * to be accepted anyway.
 */
export const sm8UsedAddonEvents = pgTable(
  'sm8_used_addon_events',
  {
    tokenHash: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

export const SM8_REFERENCE_KINDS = ['badge', 'queue', 'category', 'staff', 'form', 'formfield', 'material'] as const;
export const sm8ReferenceKind = pgEnum('sm8_reference_kind', SM8_REFERENCE_KINDS);

/** The vendor's ServiceM8 reference data (badges, queues…), copied by sync for pickers and validation. */
export const sm8ReferenceItems = pgTable(
  'sm8_reference_items',
  {
    vendorId: ownedByVendor(),
    kind: sm8ReferenceKind().notNull(),
    uuid: text().notNull(),
    name: text().notNull(),
    active: boolean().notNull(),
    /** Kind-specific fields: a category's colour, a form field's form and type, a material's price… */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    syncedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.kind, t.uuid] })],
);
