import type { AdminUserRow, SearchPage, SearchQuery, UserProfile, UserSession } from '@automate/contract';
import { sql } from 'drizzle-orm';
import { runSearch, type SearchSpec } from '../../db/search.ts';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import { signInAttempts } from '../auth/auth.schema.ts';
import { buildSession } from '../auth/auth.service.ts';
import { vendorMemberships } from '../vendors/vendors.schema.ts';
import { findUserById, listMembershipsOfUser, setWelcomedOnce, type UserRow } from './users.repository.ts';
import { users } from './users.schema.ts';

function toUserProfile(user: UserRow): UserProfile {
  return {
    id: user.id,
    email: user.email,
    userName: user.userName,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: user.roles,
    emailVerified: user.emailVerifiedAt !== null,
    welcomedAt: user.welcomedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The caller's session, re-read: current vendors and roles, and a fresh token. */
export async function refreshSession(deps: Deps, caller: Caller): Promise<UserSession> {
  const user = await findUserById(deps.database.db, caller.id);
  if (!user) throw notFound('User');
  return buildSession(deps, user);
}

/**
 * A user's profile, for the user themself, a super admin, or an Admin of a vendor the user belongs
 * to. Anyone else gets 404, as if the user did not exist.
 */
export async function getUserProfile(deps: Deps, caller: Caller, userId: string): Promise<UserProfile> {
  const user = await findUserById(deps.database.db, userId);
  if (!user) throw notFound('User');
  if (user.id !== caller.id && !caller.isSuperAdmin) {
    const adminOf = new Set(caller.memberships.filter((m) => m.role === 'Admin').map((m) => m.vendorId));
    const theirs = await listMembershipsOfUser(deps.database.db, user.id);
    if (!theirs.some((m) => adminOf.has(m.vendorId))) throw notFound('User');
  }
  return toUserProfile(user);
}

/** Records that the user has seen the welcome; the first time counts, even when calls race. */
export async function markWelcomed(deps: Deps, caller: Caller): Promise<Date> {
  const welcomedAt = await setWelcomedOnce(deps.database.db, caller.id, deps.clock.now());
  if (!welcomedAt) throw notFound('User');
  return welcomedAt;
}

const vendorCount = sql<number>`(select count(*)::int from ${vendorMemberships} where ${vendorMemberships.userId} = ${users.id})`;

/** When the user's address stops being locked after failed sign-ins (null: it is not). */
const addressLockedUntil = sql<
  string | null
>`(select ${signInAttempts.lockedUntil} from ${signInAttempts} where ${signInAttempts.emailKey} = lower(${users.email}))`;

const adminUserSearch: SearchSpec = {
  resource: 'users',
  fields: {
    id: { source: users.id, kind: 'uuid', filterable: true },
    email: { source: users.email, kind: 'text', sortable: true, filterable: true },
    userName: { source: users.userName, kind: 'text', sortable: true, filterable: true },
    firstName: { source: users.firstName, kind: 'text', sortable: true, filterable: true },
    lastName: { source: users.lastName, kind: 'text', sortable: true, filterable: true },
    emailVerified: { source: sql`(${users.emailVerifiedAt} is not null)`, kind: 'boolean', filterable: true },
    createdAt: { source: users.createdAt, kind: 'timestamp', sortable: true, filterable: true },
    vendorCount: { source: vendorCount, kind: 'number', sortable: true, filterable: true },
  },
  defaultSort: { field: 'email', direction: 'Ascending' },
  tiebreaker: users.id,
};

/** Every user of the platform, for super admins. */
export async function searchAllUsers(deps: Deps, query: SearchQuery): Promise<SearchPage<AdminUserRow>> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const page = await runSearch({
    spec: adminUserSearch,
    query,
    fetchRows: ({ where, orderBy, limit, offset }) =>
      db
        .select({ user: users, vendorCount, lockedUntil: addressLockedUntil })
        .from(users)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    countRows: async (where) => {
      const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
      return row?.total ?? 0;
    },
  });
  return {
    ...page,
    rows: page.rows.map(({ user, vendorCount: count, lockedUntil }) => ({
      ...toUserProfile(user),
      lockedOut: lockedUntil !== null && new Date(lockedUntil) > now,
      vendorCount: count,
    })),
  };
}
