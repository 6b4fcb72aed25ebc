import { z } from 'zod';
import { EmailAddress, LoginRequest, newPassword, PersonName, TokenLinkRequest, UserSession } from './accounts.ts';

/**
 * Connecting a ServiceM8 account, and signing in from inside ServiceM8 (the /sm8 pages).
 *
 * What each step proves, and all it can grant:
 * - OAuth consent proves only that this browser can authorise ServiceM8 account X. It never signs anyone
 *   in, links a login or changes a membership. A signed-in Admin of a business connects X to it (or
 *   reconnects it) or creates a new business for X; someone not signed in may create a new business for
 *   an X no business uses, and becomes its Admin once they confirm their email address by our link.
 * - An add-on event (a JWT ServiceM8 signs) proves the account and the staff member. It signs in only
 *   the user who linked that ServiceM8 login to their account, and that session acts only for the
 *   business connected to the account. Linking needs the person to prove their Automate account in the
 *   same browser (password, or a link we email to the address they give) and confirm.
 * - Nothing ServiceM8 says about a person (email, name, being the account's owner) grants anything.
 *
 * 1. `GET /api/Auth/login/servicem8` sets a short-lived cookie and redirects to ServiceM8's consent page.
 * 2. `GET /api/Auth/servicem8/callback?code&state` checks this browser started it, exchanges the code and
 *    redirects to `/sm8/activate?connection=<id>` (or `?error=<sentence>`).
 * 3. The activate page reads `GET /api/Auth/servicem8/vendors?connection=<id>`; `POST
 *    /api/Auth/servicem8/complete` connects (signed in) or asks for a confirmation of the new owner's
 *    address (not signed in), which `/sm8/confirm?token&userId` finishes with `POST
 *    /api/Auth/servicem8/business/confirm`.
 * 4. From inside ServiceM8: the add-on window (`POST /api/Auth/servicem8/addon`) offers a button to
 *    `/sm8/addon?code=…` (`POST /api/Auth/servicem8/addon/code`), and `/sm8/autologin?token=<jwt>` calls
 *    `GET /api/Auth/servicem8/tokenlogin`. Each answers `SignedIn` or `LinkNeeded`.
 * 5. `LinkNeeded` carries a claim: `POST /api/Auth/servicem8/link` with the claim and a password, or with
 *    the mailed link's proof (`POST /api/Auth/servicem8/link/email` sends it; `/sm8/link?claim&token&userId`).
 */

/** The business the account is connected to, as far as the caller may know it. */
export const Sm8ConnectedTo = z.discriminatedUnion('to', [
  /** A business the caller is an Admin of: connecting reconnects it. */
  z.object({ to: z.literal('yours'), vendorId: z.uuid(), name: z.string() }),
  /** Another business: only its Admins can reconnect it; others ask them for an invitation. */
  z.object({ to: z.literal('another') }),
]);
export type Sm8ConnectedTo = z.infer<typeof Sm8ConnectedTo>;

/** A business the signed-in person is an Admin of, without a ServiceM8 account yet. */
export const Sm8ConnectTarget = z.object({ vendorId: z.uuid(), name: z.string() });
export type Sm8ConnectTarget = z.infer<typeof Sm8ConnectTarget>;

/** What the activate page shows: the account the person authorised and what connecting it can do. */
export const Sm8ConnectionCandidates = z.object({
  accountUuid: z.string(),
  accountName: z.string(),
  /** Null: no business in Automate uses this account yet. */
  connectedTo: Sm8ConnectedTo.nullable(),
  /** Signed-in callers only: their businesses (as Admin) this account could be connected to. */
  targets: z.array(Sm8ConnectTarget),
  /** When the pending connection stops being usable (ISO 8601). */
  expiresAt: z.iso.datetime(),
});
export type Sm8ConnectionCandidates = z.infer<typeof Sm8ConnectionCandidates>;

export const Sm8ConnectionQuery = z.object({ connection: z.string().min(1, 'connection is required.').max(200) });

/** Who will own a business created without signing in: they confirm this address before it exists. */
export const Sm8NewOwner = z.object({
  email: EmailAddress,
  password: newPassword('Password'),
  firstName: PersonName('First name'),
  lastName: PersonName('Last name'),
});
export type Sm8NewOwner = z.input<typeof Sm8NewOwner>;

export const CompleteSm8ConnectionRequest = z.object({
  connection: z.string().min(1, 'connection is required.').max(200),
  accountUuid: z.string().min(1, 'Choose the ServiceM8 account to connect.').max(100),
  /**
   * Signed in: the business (one of `targets`, or the one already connected to the account) to connect;
   * omitted or null creates a new business named after the account.
   */
  vendorId: z.uuid('vendorId is not a valid id.').nullish(),
  /** Not signed in: the person who will own the new business. */
  newOwner: Sm8NewOwner.optional(),
});
export type CompleteSm8ConnectionRequest = z.input<typeof CompleteSm8ConnectionRequest>;

/** What activating did: the account is connected, or the new owner must confirm their address first. */
export const Sm8ConnectOutcome = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('Connected'),
    vendorId: z.uuid(),
    vendorName: z.string(),
    /** The business was connected to this account before (new tokens, webhooks subscribed again). */
    reconnected: z.boolean(),
  }),
  z.object({ outcome: z.literal('ConfirmEmail'), email: z.string(), message: z.string() }),
]);
export type Sm8ConnectOutcome = z.infer<typeof Sm8ConnectOutcome>;

/** The emailed link that confirms a new business's owner; answers their first session. */
export const ConfirmSm8BusinessRequest = TokenLinkRequest;

/** The owner's address is confirmed and they are signed in; the business exists unless another took the account first. */
export const Sm8BusinessConfirmed = z.object({
  session: UserSession,
  vendorId: z.uuid().nullable(),
  vendorName: z.string().nullable(),
  message: z.string(),
});
export type Sm8BusinessConfirmed = z.infer<typeof Sm8BusinessConfirmed>;

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

/** Signed in from inside ServiceM8: the session acts only for this business. */
export const Sm8SignedIn = z.object({
  outcome: z.literal('SignedIn'),
  session: UserSession,
  vendorId: z.uuid(),
  vendorName: z.string(),
});
export type Sm8SignedIn = z.infer<typeof Sm8SignedIn>;

/**
 * The ServiceM8 login is not linked to anyone: the person proves their Automate account in this browser
 * and confirms linking it (`claim`, 30 minutes). The same answer whatever address ServiceM8 has for them.
 */
export const Sm8LinkNeeded = z.object({
  outcome: z.literal('LinkNeeded'),
  claim: z.string(),
  accountName: z.string(),
  staffName: z.string(),
  vendorName: z.string(),
  /** Whether the business lets its ServiceM8 staff join as User; otherwise only its members can link. */
  staffMayJoin: z.boolean(),
});

export const Sm8SignInOutcome = z.discriminatedUnion('outcome', [Sm8SignedIn, Sm8LinkNeeded]);
export type Sm8SignInOutcome = z.infer<typeof Sm8SignInOutcome>;

export const Sm8LinkClaimQuery = z.object({ claim: z.string().min(1, 'claim is required.').max(4000) });

/** What the confirm page shows before a ServiceM8 login is linked. */
export const Sm8LinkClaimSummary = z.object({
  accountName: z.string(),
  staffName: z.string(),
  vendorName: z.string(),
  expiresAt: z.iso.datetime(),
});
export type Sm8LinkClaimSummary = z.infer<typeof Sm8LinkClaimSummary>;

/** Email a link to this address (the person's own Automate address) to prove it and link the login. */
export const Sm8LinkEmailRequest = z.object({
  claim: z.string().min(1, 'claim is required.').max(4000),
  email: EmailAddress,
});

/**
 * Links the claimed ServiceM8 login once the person proves their Automate account here and now: its
 * email and password, or the token and user id of the link we mailed. A session alone is not proof.
 */
export const ConfirmSm8LinkRequest = z.object({
  claim: z.string().min(1, 'claim is required.').max(4000),
  proof: z.discriminatedUnion('kind', [
    LoginRequest.extend({ kind: z.literal('password') }),
    z.object({
      kind: z.literal('emailLink'),
      token: z.string().min(1, 'token is required.').max(200),
      userId: z.uuid('userId is not a valid id.'),
    }),
  ]),
});
export type ConfirmSm8LinkRequest = z.infer<typeof ConfirmSm8LinkRequest>;

/** A ServiceM8 login linked to the signed-in user (their profile lists and removes these). */
export const Sm8Identity = z.object({
  accountUuid: z.string(),
  staffUuid: z.string(),
  accountName: z.string(),
  staffName: z.string(),
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
