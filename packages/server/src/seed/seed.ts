import { randomBytes } from 'node:crypto';
import { SUPER_ADMIN } from '@automate/contract';
import { arrayContains, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { ensureDefaultPlans } from '../modules/billing/plans.service.ts';
import { insertMissingSystemEmails } from '../modules/mail/mail.repository.ts';
import { SYSTEM_EMAIL_DEFAULTS } from '../modules/mail/system-email-defaults.ts';
import { insertMembership } from '../modules/users/memberships.repository.ts';
import { findUserByEmail, insertUser } from '../modules/users/users.repository.ts';
import { users } from '../modules/users/users.schema.ts';
import { insertVendor } from '../modules/vendors/vendors.repository.ts';
import { offerBuiltInContent } from './built-in-content.ts';

const DEFAULT_ADMIN_EMAIL = 'admin@automate.local';
export const DEMO_ACCOUNTS = {
  vendorName: 'Demo Plumbing Ltd',
  admin: { email: 'demo-admin@automate.local', password: 'demo-admin-2026', firstName: 'Dana', lastName: 'Admin' },
  user: { email: 'demo-user@automate.local', password: 'demo-user-2026', firstName: 'Uri', lastName: 'User' },
} as const;

/**
 * Brings a new installation to a usable state, and an existing one up to date: the system email
 * templates, a first super admin, the built-in templates and help content (each offered once,
 * `built-in-content.ts`), the default plans (Starter, Pro, Business), and in demo mode a demo vendor
 * with an Admin and a User. Serialised by an advisory lock so several processes starting at once seed once.
 */
export async function seed(deps: Pick<Deps, 'database' | 'config' | 'logger' | 'clock'>): Promise<void> {
  const log = deps.logger.child({ component: 'seed' });
  await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('automate:seed'))`);
    await insertMissingSystemEmails(tx, SYSTEM_EMAIL_DEFAULTS);
    await ensureSuperAdmin(tx, deps, log);
    const added = await offerBuiltInContent(tx, deps.clock.now());
    if (added.length > 0) log.info({ added: added.length }, 'built-in templates and help content added');
    await ensureDefaultPlans(tx);
    if (deps.config.demoMode) await ensureDemoVendor(tx, deps, log);
  });
}

async function ensureSuperAdmin(tx: Db, deps: Pick<Deps, 'config' | 'clock'>, log: Deps['logger']): Promise<void> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(arrayContains(users.roles, [SUPER_ADMIN]))
    .limit(1);
  if (existing) return;
  const email = deps.config.admin.email ?? DEFAULT_ADMIN_EMAIL;
  const generated = deps.config.admin.password === undefined;
  const password = deps.config.admin.password ?? randomBytes(12).toString('base64url');
  await insertUser(tx, {
    email,
    userName: email,
    firstName: 'Super',
    lastName: 'Admin',
    passwordHash: await hashPassword(password),
    emailVerifiedAt: deps.clock.now(),
    roles: [SUPER_ADMIN],
  });
  log.warn(
    generated
      ? `Created the super admin ${email} with the password ${password} — shown this once; change it after signing in.`
      : `Created the super admin ${email} with the password from ADMIN_PASSWORD.`,
  );
}

async function ensureDemoVendor(tx: Db, deps: Pick<Deps, 'clock'>, log: Deps['logger']): Promise<void> {
  if (await findUserByEmail(tx, DEMO_ACCOUNTS.admin.email)) return;
  const vendor = await insertVendor(tx, { name: DEMO_ACCOUNTS.vendorName, currentSubscriptionType: 'Demo' });
  for (const [role, account] of [
    ['Admin', DEMO_ACCOUNTS.admin],
    ['User', DEMO_ACCOUNTS.user],
  ] as const) {
    const user =
      (await findUserByEmail(tx, account.email)) ??
      (await insertUser(tx, {
        email: account.email,
        userName: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        passwordHash: await hashPassword(account.password),
        emailVerifiedAt: deps.clock.now(),
      }));
    await insertMembership(tx, { vendorId: vendor.id, userId: user.id, role });
  }
  log.warn(
    `Demo mode: created ${DEMO_ACCOUNTS.vendorName} with its Admin ${DEMO_ACCOUNTS.admin.email} ` +
      `(password ${DEMO_ACCOUNTS.admin.password}) and User ${DEMO_ACCOUNTS.user.email} (password ${DEMO_ACCOUNTS.user.password}).`,
  );
}
