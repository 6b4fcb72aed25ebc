import { z } from 'zod';
import { UserSession } from './accounts.ts';

/**
 * Connecting a ServiceM8 account and signing in with ServiceM8 (the /sm8 pages).
 *
 * A ServiceM8 sign-in identity is the pair (account uuid, staff uuid). Automate signs a person in
 * through ServiceM8 only as the user that identity is linked to; a staff member's email is never
 * trusted on its own, because a ServiceM8 account owner can give a staff member any address.
 *
 * 1. The browser goes to `GET /api/Auth/login/servicem8`, which sets a short-lived cookie and redirects
 *    to ServiceM8's consent page with a signed `state` bound to that cookie.
 * 2. ServiceM8 sends the browser to `GET /api/Auth/servicem8/callback?code&state` (ServiceM8 need not
 *    send `state` back); the server checks that this browser started signing in and has not come back
 *    before (the state against the cookie, or without a state the cookie's stored start), exchanges the
 *    code and redirects to `/sm8/activate?connection=<id>` (or `/sm8/activate?error=<sentence>`).
 * 3. The activate page reads `GET /api/Auth/servicem8/vendors?connection=<id>` and
 *    `POST /api/Auth/servicem8/complete` connects the account:
 *    - signed in (a Bearer token is sent): the account is connected to a business the person is an Admin
 *      of (or a new one) and the person stays who they are;
 *    - not signed in: the account owner's identity signs in its linked user, or, for a first sign-in, a
 *      new user when no Automate user has the owner's email. When one has, the answer is `SignInNeeded`:
 *      the person proves the account (password, or a link mailed to it) and confirms the link.
 * 4. Opened from inside ServiceM8 (an add-on link), `/sm8/autologin?token=<jwt>` calls
 *    `GET /api/Auth/servicem8/tokenlogin?token=<jwt>`: the same rules, for the staff member the token names.
 *    ServiceM8's add-on window instead POSTs the event JWT to `POST /api/Auth/servicem8/addon`, which
 *    answers `{eventResponse: <html>}`: a page whose button opens `/sm8/addon?code=<one-time code>`, and
 *    that page signs in with `POST /api/Auth/servicem8/addon/code` (the code works once, for 2 minutes).
 * 5. `/sm8/link?claim=…&token=…&userId=…` (the mailed link) confirms a link with
 *    `POST /api/Auth/servicem8/link`. Platform staff are never signed in through ServiceM8.
 */

export const Sm8AccountChoice = z.object({
  accountUuid: z.string(),
  name: z.string(),
  /** The vendor already connected to this account, if any. */
  vendorId: z.uuid().nullable(),
  /** Already connected and active: completing signs in and re-syncs. */
  connected: z.boolean(),
});
export type Sm8AccountChoice = z.infer<typeof Sm8AccountChoice>;

export const Sm8StaffSummary = z.object({ email: z.string(), firstName: z.string(), lastName: z.string() });
export type Sm8StaffSummary = z.infer<typeof Sm8StaffSummary>;

/** A business the signed-in person is an Admin of, without a ServiceM8 account yet. */
export const Sm8ConnectTarget = z.object({ vendorId: z.uuid(), name: z.string() });
export type Sm8ConnectTarget = z.infer<typeof Sm8ConnectTarget>;

export const Sm8ConnectionCandidates = z.object({
  /** The account owner as ServiceM8 knows them (the staff member with the account's email); null if none. */
  staff: Sm8StaffSummary.nullable(),
  accounts: z.array(Sm8AccountChoice),
  /** Signed-in callers only: businesses this account could be connected to instead of a new one. */
  targets: z.array(Sm8ConnectTarget),
  /** When the pending connection stops being usable (ISO 8601). */
  expiresAt: z.iso.datetime(),
});
export type Sm8ConnectionCandidates = z.infer<typeof Sm8ConnectionCandidates>;

export const Sm8ConnectionQuery = z.object({ connection: z.string().min(1, 'connection is required.').max(200) });

export const CompleteSm8ConnectionRequest = z.object({
  connection: z.string().min(1, 'connection is required.').max(200),
  accountUuid: z.string().min(1, 'Choose the ServiceM8 account to connect.').max(100),
  /**
   * Signed-in callers: the business (one of `targets`) to connect the account to. Omitted or null: the
   * business already connected to this account, else a new one.
   */
  vendorId: z.uuid('vendorId is not a valid id.').nullish(),
});
export type CompleteSm8ConnectionRequest = z.infer<typeof CompleteSm8ConnectionRequest>;

export const Sm8TokenLoginQuery = z.object({ token: z.string().min(1, 'token is required.').max(8000) });

/**
 * What ServiceM8 POSTs to the add-on callback: the event JWT as the whole body (`text/plain`, or with no
 * Content-Type), or form-encoded in a `jwt` field.
 */
export const Sm8AddonEventBody = z.union([z.string().max(8000), z.object({ jwt: z.string().max(8000) })]);
export type Sm8AddonEventBody = z.infer<typeof Sm8AddonEventBody>;

/** The add-on callback's answer: ServiceM8 shows `eventResponse`, an HTML page, in its add-on window. */
export const Sm8AddonEventResponse = z.object({ eventResponse: z.string() });
export type Sm8AddonEventResponse = z.infer<typeof Sm8AddonEventResponse>;

/** The one-time code from the add-on window's button, exchanged once for a sign-in. */
export const Sm8AddonCodeRequest = z.object({ code: z.string().min(1, 'code is required.').max(200) });
export type Sm8AddonCodeRequest = z.infer<typeof Sm8AddonCodeRequest>;

/** Signed in (or, for a signed-in caller, still signed in): the session to store and the business activated. */
export const Sm8SignedIn = z.object({
  outcome: z.literal('SignedIn'),
  session: UserSession,
  /** The business the account or add-on belongs to; null when there is none (add-on for an unknown account). */
  vendorId: z.uuid().nullable(),
  vendorName: z.string().nullable(),
  /** The ServiceM8 identity is now linked to this user, so it signs them in next time. */
  linked: z.boolean(),
});

/**
 * Nobody was signed in: the person must first prove which Automate account is theirs. `email` is the
 * address whose owner must prove it (null when ServiceM8 told us no usable address); `claim` lets them
 * ask for a mailed link or confirm the link after signing in with a password (30 minutes).
 */
export const Sm8SignInNeeded = z.object({
  outcome: z.literal('SignInNeeded'),
  reason: z.string(),
  email: z.string().nullable(),
  claim: z.string().nullable(),
});

export const Sm8SignInOutcome = z.discriminatedUnion('outcome', [Sm8SignedIn, Sm8SignInNeeded]);
export type Sm8SignInOutcome = z.infer<typeof Sm8SignInOutcome>;

export const Sm8LinkClaimQuery = z.object({ claim: z.string().min(1, 'claim is required.').max(4000) });

/** What the confirm page shows before a ServiceM8 identity is linked. */
export const Sm8LinkClaimSummary = z.object({
  accountName: z.string(),
  staff: Sm8StaffSummary,
  /** The business joined or connected by confirming; null for a new business named after the account. */
  vendorName: z.string().nullable(),
  expiresAt: z.iso.datetime(),
});
export type Sm8LinkClaimSummary = z.infer<typeof Sm8LinkClaimSummary>;

export const Sm8LinkEmailRequest = z.object({ claim: z.string().min(1, 'claim is required.').max(4000) });

/**
 * Confirms a link: signed in (Bearer) links to the signed-in user; otherwise `proof` (the token and
 * user id of the mailed link) proves the address and signs that user in.
 */
export const ConfirmSm8LinkRequest = z.object({
  claim: z.string().min(1, 'claim is required.').max(4000),
  proof: z
    .object({ token: z.string().min(1, 'token is required.').max(200), userId: z.uuid('userId is not a valid id.') })
    .optional(),
});
export type ConfirmSm8LinkRequest = z.infer<typeof ConfirmSm8LinkRequest>;

/** A ServiceM8 identity linked to the signed-in user (their profile lists and removes these). */
export const Sm8Identity = z.object({
  accountUuid: z.string(),
  staffUuid: z.string(),
  accountName: z.string(),
  staffEmail: z.string(),
  linkedAt: z.iso.datetime(),
});
export type Sm8Identity = z.infer<typeof Sm8Identity>;

/** One ServiceM8 record copied for the pickers (badge, queue, category, staff, form, form field, material). */
export const Sm8ReferenceItem = z.object({
  kind: z.string(),
  uuid: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Kind-specific fields, e.g. a form field's `formUuid` and `sortOrder`. */
  details: z.record(z.string(), z.unknown()),
});
export type Sm8ReferenceItem = z.infer<typeof Sm8ReferenceItem>;

const Sm8ReferenceChange = z.object({
  added: z.number(),
  removed: z.number(),
  changed: z.number(),
  total: z.number(),
});

/** What a sync of the reference data changed, per kind, and the account's time zone if it changed. */
export const Sm8SyncResult = z.object({
  badge: Sm8ReferenceChange,
  queue: Sm8ReferenceChange,
  category: Sm8ReferenceChange,
  staff: Sm8ReferenceChange,
  form: Sm8ReferenceChange,
  formfield: Sm8ReferenceChange,
  material: Sm8ReferenceChange,
  timeZone: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type Sm8SyncResult = z.infer<typeof Sm8SyncResult>;

/** What checking a vendor's ServiceM8 webhooks found: the subscriptions it made again (none when all were live). */
export const Sm8WebhookCheck = z.object({ resubscribed: z.array(z.string()) });
export type Sm8WebhookCheck = z.infer<typeof Sm8WebhookCheck>;

/** The answer to a ServiceM8 webhook delivery: where it was stored, or that it had arrived before. */
export const WebhookAccepted = z.object({ inboxId: z.uuid().nullable(), duplicate: z.boolean() });
export type WebhookAccepted = z.infer<typeof WebhookAccepted>;
