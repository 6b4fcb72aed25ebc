import type { VendorMembership, VendorRole } from '@automate/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Who may call a route, declared in the route's `config.access`. Every /api route must declare one
 * (startup fails otherwise); the auth hook enforces it before the route's schemas run.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'superAdmin' }
  /**
   * A member of the vendor (with at least `role`), or a SuperAdmin, who acts as its Admin. The vendor
   * comes from the path parameter `param`, or, for `'current'`, from the `x-vendor-id` header (else
   * the caller's first vendor). A vendor the caller does not belong to answers 404.
   */
  | { kind: 'vendor'; role: VendorRole; vendor: { param: string } | 'current' };

export type VendorAccess = Extract<Access, { kind: 'vendor' }>;

export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'signedIn' },
  superAdmin: { kind: 'superAdmin' },
  vendorMember: (param = 'id'): VendorAccess => ({ kind: 'vendor', role: 'User', vendor: { param } }),
  vendorAdmin: (param = 'id'): VendorAccess => ({ kind: 'vendor', role: 'Admin', vendor: { param } }),
  currentVendorMember: { kind: 'vendor', role: 'User', vendor: 'current' },
  currentVendorAdmin: { kind: 'vendor', role: 'Admin', vendor: 'current' },
} as const satisfies Record<string, Access | ((param?: string) => Access)>;

export const CURRENT_VENDOR_HEADER = 'x-vendor-id';

export type Caller = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userName: string;
  roles: string[];
  isSuperAdmin: boolean;
  /** The vendors this session may act for: all of the user's, or, for a session begun inside ServiceM8, one. */
  memberships: VendorMembership[];
  /** The stored session the token names (signing out ends it). */
  sessionId: string;
  /** Set when the session acts only for this vendor (begun from inside its ServiceM8 account). */
  sessionVendorId: string | null;
};

/** The vendor a vendor-scoped route acts on, and the caller's effective role there. */
export type VendorScope = { id: string; role: VendorRole };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in caller; null on public routes called without a token. */
    caller: Caller | null;
    /** Set on vendor-scoped routes. */
    vendorScope: VendorScope | null;
  }
}

export function describeAccess(rule: Access): string {
  switch (rule.kind) {
    case 'public':
      return 'Anyone, signed in or not.';
    case 'signedIn':
      return 'Any signed-in user.';
    case 'superAdmin':
      return 'Super admins only.';
    case 'vendor': {
      const who = rule.role === 'Admin' ? 'Admins of the vendor' : 'Members of the vendor';
      const which =
        rule.vendor === 'current'
          ? `the vendor named by the \`${CURRENT_VENDOR_HEADER}\` header (default: the caller's first vendor)`
          : `the vendor \`${rule.vendor.param}\` in the path`;
      return `${who} (${which}) and super admins. Another vendor's objects answer 404.`;
    }
  }
}

/** The caller of a route that is not public; routes use it instead of re-checking. */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return request.caller;
}

export function requireVendorScope(request: FastifyRequest): VendorScope {
  if (!request.vendorScope) throw new Error('requireVendorScope on a route without vendor access');
  return request.vendorScope;
}
