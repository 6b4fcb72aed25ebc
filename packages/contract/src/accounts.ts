import { z } from 'zod';
import { type PLATFORM_ROLES, VendorRole } from './enums.ts';

/** Accounts: sign-in, the stored session, users, vendors and their memberships. */

export const PASSWORD_POLICY = {
  minLength: 10,
  maxLength: 200,
  message: 'A password needs at least 10 characters, including at least one letter and one digit.',
} as const;

export const Password = z
  .string({ error: 'password is required.' })
  .max(PASSWORD_POLICY.maxLength, `A password can have at most ${PASSWORD_POLICY.maxLength} characters.`)
  .refine(
    (value) => value.length >= PASSWORD_POLICY.minLength && /\p{L}/u.test(value) && /\p{N}/u.test(value),
    PASSWORD_POLICY.message,
  );

export const EmailAddress = z
  .string({ error: 'email is required.' })
  .trim()
  .max(254, 'An email address has at most 254 characters.')
  .pipe(z.email('email must be an email address such as name@example.com.'));

const PersonName = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(100, `${field} can have at most 100 characters.`);

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
export const TimeZone = z
  .string()
  .min(1)
  .refine(isTimeZone, 'timeZone must be an IANA time zone such as Pacific/Auckland.');

export const VendorName = z
  .string({ error: 'vendorName is required.' })
  .trim()
  .min(1, 'The business name is required.')
  .max(120, 'The business name can have at most 120 characters.');

export const LoginRequest = z.object({
  email: z
    .string({ error: 'email is required.' })
    .trim()
    .min(1, 'email is required.')
    .max(254, 'An email address has at most 254 characters.'),
  password: z
    .string({ error: 'password is required.' })
    .min(1, 'password is required.')
    .max(PASSWORD_POLICY.maxLength, `A password can have at most ${PASSWORD_POLICY.maxLength} characters.`),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const RegisterRequest = z.object({
  email: EmailAddress,
  password: Password,
  firstName: PersonName('firstName'),
  lastName: PersonName('lastName'),
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
export const ResetPasswordRequest = TokenLinkRequest.extend({ password: Password });
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

export const SUPER_ADMIN: (typeof PLATFORM_ROLES)[number] = 'SuperAdmin';

export const UserProfile = z.object({
  id: z.uuid(),
  email: z.string(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  emailVerified: z.boolean(),
  welcomedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type UserProfile = z.infer<typeof UserProfile>;

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
  sm8Connected: z.boolean(),
  currentSubscriptionType: z.string().nullable(),
  hasCurrentSubscription: z.boolean(),
  /** Set when the Automate team suspended the vendor's automations: new runs are Skipped with this reason. */
  automationsSuspended: z.object({ since: z.iso.datetime(), reason: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Vendor = z.infer<typeof Vendor>;

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

export const InviteVendorUserRequest = z.object({
  email: EmailAddress,
  role: VendorRole,
  firstName: PersonName('firstName').optional(),
  lastName: PersonName('lastName').optional(),
});
export const ChangeVendorUserRoleRequest = z.object({ role: VendorRole });

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
  firstName: PersonName('firstName').optional(),
  lastName: PersonName('lastName').optional(),
  password: Password.optional(),
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;

export const WelcomedResponse = z.object({ welcomedAt: z.iso.datetime() });
