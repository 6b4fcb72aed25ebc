import { z } from 'zod';
import { ClientMessagingSettings, DEFAULT_CLIENT_MESSAGING } from './client-messaging.ts';
import { VENDOR_ROLES, VendorRole } from './enums.ts';
import { say } from './field-words.ts';

/** Accounts: sign-in, the stored session, users, vendors and their memberships. */

export const PASSWORD_POLICY = {
  minLength: 10,
  maxLength: 200,
  message: 'A password needs at least 10 characters, including at least one letter and one digit.',
} as const;

/** A new password; `label` is the input's label where the form names it otherwise. */
export const newPassword = (label = 'Password') =>
  z
    .string(say(label, 'choose a password'))
    .max(PASSWORD_POLICY.maxLength, say(label, `use at most ${PASSWORD_POLICY.maxLength} characters`))
    .refine(
      (value) => value.length >= PASSWORD_POLICY.minLength && /\p{L}/u.test(value) && /\p{N}/u.test(value),
      say(label, 'use at least 10 characters, including at least one letter and one digit'),
    );
export const Password = newPassword();

const emailAddress = (label: string) =>
  z
    .string(say(label, 'enter an email address'))
    .trim()
    .max(254, say(label, 'an email address has at most 254 characters'))
    .pipe(z.email(say(label, 'enter an email address such as name@example.com')));
export const EmailAddress = emailAddress('Email');

export const PersonName = (label: string) =>
  z
    .string(say(label, `enter the ${label.toLowerCase()}`))
    .trim()
    .min(1, say(label, `enter the ${label.toLowerCase()}`))
    .max(100, say(label, 'use at most 100 characters'));

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
export const TimeZone = z
  .string(say('Time zone', 'choose a time zone'))
  .min(1, say('Time zone', 'choose a time zone'))
  .refine(isTimeZone, say('Time zone', 'choose a time zone such as Pacific/Auckland'));

export const VendorName = z
  .string(say('Business name', 'enter the name of your business'))
  .trim()
  .min(1, say('Business name', 'enter the name of your business'))
  .max(120, say('Business name', 'use at most 120 characters'));

export const LoginRequest = z.object({
  email: z
    .string(say('Email', 'enter your email address'))
    .trim()
    .min(1, say('Email', 'enter your email address'))
    .max(254, say('Email', 'an email address has at most 254 characters')),
  password: z
    .string(say('Password', 'enter your password'))
    .min(1, say('Password', 'enter your password'))
    .max(PASSWORD_POLICY.maxLength, say('Password', `use at most ${PASSWORD_POLICY.maxLength} characters`)),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const RegisterRequest = z.object({
  email: EmailAddress,
  password: Password,
  firstName: PersonName('First name'),
  lastName: PersonName('Last name'),
  vendorName: VendorName,
  timeZone: TimeZone.optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** The same for a new address and a taken one (whose owner is emailed instead), so it tells nothing. */
export const RegisterResponse = z.object({ email: z.string() });

export const TokenLinkRequest = z.object({
  token: z.string().min(1, 'token is required.').max(200),
  userId: z.uuid('userId is not a valid id.'),
});
export const ResetPasswordRequest = TokenLinkRequest.extend({ password: newPassword('New password') });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;
export const EmailOnlyRequest = z.object({ email: EmailAddress });

export const VendorMembership = z.object({
  vendorId: z.uuid(),
  name: z.string(),
  role: VendorRole,
  sm8Connected: z.boolean(),
});
export type VendorMembership = z.infer<typeof VendorMembership>;

/** What login answers and the browser stores under `automate.admin.user`. */
export const UserSession = z.object({
  token: z.string(),
  /** ISO 8601; equals the JWT's `exp` claim. */
  tokenExpiry: z.iso.datetime(),
  lockedOut: z.boolean(),
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  userName: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  vendors: z.array(VendorMembership),
});
export type UserSession = z.infer<typeof UserSession>;

export const UserProfile = z.object({
  id: z.uuid(),
  email: z.string(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  emailVerified: z.boolean(),
  welcomedAt: z.iso.datetime().nullable(),
  /** Whether the user gets the daily email of the previous day's runs of the businesses they are an Admin of. */
  dailyDigest: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type UserProfile = z.infer<typeof UserProfile>;

/** `POST /User/settings`: the signed-in user's own settings. */
export const UserSettingsRequest = z.object({
  dailyDigest: z.boolean({ error: 'dailyDigest must be true (send me the daily digest) or false.' }),
});
export type UserSettingsRequest = z.infer<typeof UserSettingsRequest>;

export const AdminUserRow = UserProfile.extend({
  lockedOut: z.boolean(),
  vendorCount: z.number().int(),
  /** A super admin disabled the account: it cannot sign in. */
  disabled: z.boolean(),
  lastSignInAt: z.iso.datetime().nullable(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

/** One user as the super admin's user page shows it: the row and the vendors with the user's role in each. */
export const AdminUserDetail = AdminUserRow.extend({ vendors: z.array(VendorMembership) });
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

/** `POST /Admin/users/{id}/superadmin`: grant (true) or revoke (false) the SuperAdmin role. */
export const SetSuperAdminRequest = z.object({
  superAdmin: z.boolean({ error: 'superAdmin must be true (grant) or false (revoke).' }),
});
export type SetSuperAdminRequest = z.infer<typeof SetSuperAdminRequest>;

/** `POST /Admin/users/{id}/disabled`: disable (true) or enable again (false) the account. */
export const SetUserDisabledRequest = z.object({
  disabled: z.boolean({ error: 'disabled must be true (disable) or false (enable).' }),
});
export type SetUserDisabledRequest = z.infer<typeof SetUserDisabledRequest>;

export const Vendor = z.object({
  id: z.uuid(),
  name: z.string(),
  timeZone: z.string(),
  /** How automated messages sign off (`{{ vendor.sender_name }}`); null (or left out): the business's name in ServiceM8. */
  senderName: z.string().nullable().default(null),
  /** Quiet hours, contact limits and the opt-out badge for automated client messages. */
  clientMessaging: ClientMessagingSettings.default(DEFAULT_CLIENT_MESSAGING),
  sm8Connected: z.boolean(),
  /** The business's postal address as its invoices show it ('' until written). */
  billingAddress: z.string().default(''),
  /**
   * Staff of the connected ServiceM8 account who open Automate from ServiceM8 may join as User (after
   * proving their Automate account); members an Admin removed never rejoin that way. Off by default.
   */
  sm8StaffMayJoin: z.boolean().default(false),
  currentSubscriptionType: z.string().nullable(),
  hasCurrentSubscription: z.boolean(),
  /** Whether the vendor's automations run: false before it has chosen a plan and once its subscription has lapsed. */
  subscriptionActive: z.boolean().default(true),
  /** Set when the Automate team suspended the vendor's automations: new runs are Skipped with this reason. */
  automationsSuspended: z.object({ since: z.iso.datetime(), reason: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Vendor = z.infer<typeof Vendor>;

export const SENDER_NAME_MAX = 60;
export const BILLING_ADDRESS_MAX = 500;

/** `POST /Admin/vendors/{id}/suspension`: suspend (with the reason the vendor sees) or resume its automations. */
export const SetVendorSuspensionRequest = z.discriminatedUnion(
  'suspended',
  [
    z.object({
      suspended: z.literal(true),
      reason: z
        .string({ error: 'Say why the automations are suspended: the vendor sees the reason.' })
        .trim()
        .min(1, 'Say why the automations are suspended: the vendor sees the reason.')
        .max(500, 'The reason can be at most 500 characters.'),
    }),
    z.object({ suspended: z.literal(false) }),
  ],
  { error: 'suspended must be true (with a reason) or false.' },
);
export type SetVendorSuspensionRequest = z.infer<typeof SetVendorSuspensionRequest>;

export const UpdateVendorRequest = z.object({
  name: VendorName.optional(),
  timeZone: TimeZone.optional(),
  /** Empty: sign with the business's name. */
  senderName: z
    .string(say('Sender name', 'write it as text'))
    .trim()
    .max(SENDER_NAME_MAX, say('Sender name', `use at most ${SENDER_NAME_MAX} characters`))
    .optional(),
  clientMessaging: ClientMessagingSettings.optional(),
  sm8StaffMayJoin: z.boolean(say('Let ServiceM8 staff join', 'choose on or off')).optional(),
  billingAddress: z
    .string(say('Address on invoices', 'write it as text'))
    .trim()
    .max(BILLING_ADDRESS_MAX, say('Address on invoices', `use at most ${BILLING_ADDRESS_MAX} characters`))
    .optional(),
});

export const VendorUser = z.object({
  id: z.uuid(),
  email: z.string(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: VendorRole,
  emailVerified: z.boolean(),
  joinedAt: z.iso.datetime(),
});
export type VendorUser = z.infer<typeof VendorUser>;

/** The role a form asks for: the Role select of the invitation and of each member. */
const ChosenRole = z.enum(VENDOR_ROLES, say('Role', 'choose User or Admin'));

export const InviteVendorUserRequest = z.object({
  email: emailAddress('Email address'),
  role: ChosenRole,
  firstName: PersonName('First name').optional(),
  lastName: PersonName('Last name').optional(),
});
export const ChangeVendorUserRoleRequest = z.object({ role: ChosenRole });

/** A pending invitation to join a vendor; it says nothing about whether the address has an account. */
export const VendorInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: VendorRole,
  status: z.literal('Pending'),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type VendorInvitation = z.infer<typeof VendorInvitation>;

/** What the invitee's page shows (`GET /api/Auth/invitation/{token}`); only the token's holder sees it. */
export const InvitationSummary = z.object({
  email: z.string(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  inviterName: z.string(),
  role: VendorRole,
  expiresAt: z.iso.datetime(),
  /** An account uses the address: accept signed in as it. Otherwise create the account while accepting. */
  hasAccount: z.boolean(),
});
export type InvitationSummary = z.infer<typeof InvitationSummary>;

export const AcceptInvitationRequest = z.object({
  token: z.string().min(1, 'token is required.').max(200),
  /** For an address without an account: the new account's name and password. */
  firstName: PersonName('First name').optional(),
  lastName: PersonName('Last name').optional(),
  password: Password.optional(),
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;

export const WelcomedResponse = z.object({ welcomedAt: z.iso.datetime() });
