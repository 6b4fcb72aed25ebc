import { SEED_IDS } from '@automate/servicem8-sim';
import { eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../src/modules/audit/audit.schema.ts';
import { sessions } from '../../src/modules/auth/auth.schema.ts';
import { mailOutbox } from '../../src/modules/mail/mail.schema.ts';
import { upsertReferenceItem } from '../../src/modules/servicem8/servicem8.repository.ts';
import { sm8Connections, sm8PendingConnections } from '../../src/modules/servicem8/servicem8.schema.ts';
import { sm8Identities, users, vendorMemberRemovals, vendorMemberships } from '../../src/modules/users/users.schema.ts';
import { vendors } from '../../src/modules/vendors/vendors.schema.ts';
import { encryptSecret } from '../../src/security/encryption.ts';
import { addMember, createUser, createVendor, TEST_PASSWORD, tokenFor } from '../support/factories.ts';
import { pageLinkIn } from '../support/outbox.ts';
import {
  AddonOutcome,
  askForLinkEmail,
  claimOf,
  complete,
  consent,
  linkByEmailProof,
  linkByPassword,
  openAddonLink,
  openAddonWindow,
  readCandidates,
} from '../support/sm8-flows.ts';
import { startTestServices, type TestServices } from '../support/test-services.ts';

/**
 * The identity model of docs/security.md, walked over every combination it names: who calls, which
 * business the ServiceM8 account is connected to, whom the staff member's ServiceM8 login is linked to,
 * which address ServiceM8 gives the staff member, and each flow. Every case asserts exactly what the
 * model allows (sessions, links, memberships, connections, users, emails, audit entries) and that nothing
 * else appeared. The staff member's address never changes an outcome: nothing ServiceM8 says about a
 * person grants anything.
 */

const CALLERS = ['anonymous', 'member of V', 'Admin of V', 'Admin of W', 'platform staff'] as const;
const ACCOUNTS = ['not connected', 'connected to V', 'connected to W'] as const;
const LINKS = ['unlinked', 'linked to the caller', 'linked to someone else'] as const;
const STAFF_EMAILS = [
  'none',
  "the caller's",
  "another user's",
  "the super admin's",
  'an unregistered address',
] as const;
const FLOWS = [
  'OAuth login',
  'OAuth connect',
  'Activate/complete',
  'add-on GET',
  'add-on POST',
  'link claim by password',
  'link claim by email',
] as const;

type Caller = (typeof CALLERS)[number];
type Account = (typeof ACCOUNTS)[number];
type Link = (typeof LINKS)[number];
type StaffEmail = (typeof STAFF_EMAILS)[number];
type Flow = (typeof FLOWS)[number];
type Case = { caller: Caller; account: Account; link: Link; staffEmail: StaffEmail; flow: Flow };

/** The people and businesses every case starts from. "Someone else" belongs to both businesses as User. */
type Cast = {
  V: string;
  W: string;
  people: Record<Exclude<Caller, 'anonymous'> | 'someone else', { id: string; email: string }>;
};

/** What a case may change, in names the table uses. */
type Outcome = {
  /** Sessions begun: whose, for which business ('all' for an unlimited one). */
  sessions: string[];
  /** Whom the staff member's ServiceM8 login is linked to afterwards. */
  linkedTo: string | null;
  /** Memberships added: "person@business:role" ("new" is a business created in the case). */
  joined: string[];
  /** The business the account is connected to afterwards. */
  connectedTo: string | null;
  /** Connections written to a business's activity history. */
  connectAudits: number;
  /** Users created, and whether a pending business waits for one to confirm their address. */
  newUsers: number;
  pendingForNewOwner: boolean;
  /** Emails queued: "template to address-name". */
  emails: string[];
};

const STAFF = SEED_IDS.staff.plumber;
const UNREGISTERED = 'nobody-has-this@example.net';
const WRONG_PASSWORD = 'not-the-password-1';

let services: TestServices;
let cast: Cast;
let accessTokenEnc: string;
let refreshTokenEnc: string;

const db = () => services.deps.database.db;
const sim = () => {
  if (!services.sim) throw new Error('no simulator');
  return services.sim;
};

beforeAll(async () => {
  services = await startTestServices({
    simulator: { oauth: { autoApprove: true } },
    // Thousands of sign-in steps from one address in a minute or two: this file is not about that limit.
    authRateLimitPerMinute: '1000000',
  });
  const deps = services.deps;
  const V = await createVendor(deps, 'Vee Plumbing');
  const W = await createVendor(deps, 'Double-U Electrical');
  const person = async (firstName: string, superAdmin = false) => {
    const user = await createUser(deps, { firstName, superAdmin });
    return { id: user.id, email: user.email, row: user };
  };
  const memberV = await person('Mia');
  const adminV = await person('Ava');
  const adminW = await person('Will');
  const platform = await person('Pat', true);
  const other = await person('Olga');
  await addMember(deps, V, memberV.row, 'User');
  await addMember(deps, V, adminV.row, 'Admin');
  await addMember(deps, W, adminW.row, 'Admin');
  await addMember(deps, V, other.row, 'User');
  await addMember(deps, W, other.row, 'User');
  cast = {
    V: V.id,
    W: W.id,
    people: {
      'member of V': memberV,
      'Admin of V': adminV,
      'Admin of W': adminW,
      'platform staff': platform,
      'someone else': other,
    },
  };
  // The staff member's name as a sync copies it, so the add-on reads nothing from ServiceM8.
  for (const vendorId of [V.id, W.id]) {
    await upsertReferenceItem(deps.database.db, {
      vendorId,
      kind: 'staff',
      uuid: STAFF,
      name: 'Sam Nguyen',
      active: true,
      details: { first: 'Sam', last: 'Nguyen' },
      syncedAt: deps.clock.now(),
    });
  }
  const tokens = sim().controls.issueToken();
  const key = deps.keys.storageEncryptionKey;
  accessTokenEnc = encryptSecret(key, tokens.access_token);
  refreshTokenEnc = encryptSecret(key, tokens.refresh_token);
}, 60_000);
afterAll(() => services.cleanup());

const castIds = () => Object.values(cast.people).map((p) => p.id);
const nameOfUser = (id: string) =>
  Object.entries(cast.people).find(([, p]) => p.id === id)?.[0] ?? (id ? 'a new user' : 'nobody');
const nameOfVendor = (id: string | null) => (id === cast.V ? 'V' : id === cast.W ? 'W' : id === null ? null : 'new');
const nameOfAddress = (address: string) =>
  Object.entries(cast.people).find(([, p]) => p.email.toLowerCase() === address.toLowerCase())?.[0] ??
  (address === UNREGISTERED ? 'the unregistered address' : address);

function staffAddress(c: Case): string {
  switch (c.staffEmail) {
    case 'none':
      return '';
    case "the caller's":
      return c.caller === 'anonymous' ? '' : cast.people[c.caller].email;
    case "another user's":
      return cast.people['someone else'].email;
    case "the super admin's":
      return cast.people['platform staff'].email;
    case 'an unregistered address':
      return UNREGISTERED;
  }
}

/** Puts the world in the case's starting state: the cast as above, the account and the link as the case says. */
async function arrange(c: Case): Promise<void> {
  const tx = db();
  // An hour between cases: per-address limits (sign-in failures, emails) start afresh, as for different people.
  services.clock.advance(61 * 60_000);
  // Earlier cases' sessions, audit entries and emails: the before-and-after comparison then reads only this case's.
  await tx.delete(sessions);
  await tx.delete(auditEntries);
  await tx.delete(mailOutbox);
  await tx.delete(sm8Identities);
  await tx.delete(sm8PendingConnections);
  await tx.delete(sm8Connections);
  await tx.delete(vendorMemberRemovals);
  await tx.update(vendors).set({ sm8Connected: false, sm8AccountUuid: null });
  await tx.delete(vendors).where(notInArray(vendors.id, [cast.V, cast.W]));
  await tx.delete(users).where(notInArray(users.id, castIds()));
  await tx.delete(vendorMemberships).where(inArray(vendorMemberships.userId, castIds()));
  const baseline = [
    ['member of V', cast.V, 'User'],
    ['Admin of V', cast.V, 'Admin'],
    ['Admin of W', cast.W, 'Admin'],
    ['someone else', cast.V, 'User'],
    ['someone else', cast.W, 'User'],
  ] as const;
  await tx
    .insert(vendorMemberships)
    .values(baseline.map(([who, vendorId, role]) => ({ vendorId, userId: cast.people[who].id, role })));
  const connectedVendor = c.account === 'connected to V' ? cast.V : c.account === 'connected to W' ? cast.W : null;
  if (connectedVendor) {
    await tx.insert(sm8Connections).values({
      vendorId: connectedVendor,
      accountUuid: SEED_IDS.vendor,
      accessTokenEnc,
      refreshTokenEnc,
      accessTokenExpiresAt: new Date(services.clock.now().getTime() + 365 * 24 * 3_600_000),
      scope: 'read_staff',
      webhookSecretEnc: accessTokenEnc,
    });
    await tx
      .update(vendors)
      .set({ sm8Connected: true, sm8AccountUuid: SEED_IDS.vendor })
      .where(eq(vendors.id, connectedVendor));
  }
  const linkedUser =
    c.link === 'linked to the caller' && c.caller !== 'anonymous'
      ? cast.people[c.caller].id
      : c.link === 'linked to someone else'
        ? cast.people['someone else'].id
        : null;
  if (linkedUser) {
    await tx.insert(sm8Identities).values({
      accountUuid: SEED_IDS.vendor,
      staffUuid: STAFF,
      userId: linkedUser,
      accountName: 'Harbour Plumbing & Gas',
      staffName: 'Sam Nguyen',
    });
  }
  // The account owner controls what ServiceM8 says: the staff member's address, and the account's.
  // Written as seed data: ServiceM8 itself may hold a staff member with no address at all.
  const email = staffAddress(c);
  const withEmail = (object: 'staff' | 'vendor', uuid: string) =>
    sim()
      .controls.records(object)
      .filter((record) => record.uuid === uuid)
      .map((record) => ({ ...record, email }));
  sim().controls.seed({ records: { staff: withEmail('staff', STAFF), vendor: withEmail('vendor', SEED_IDS.vendor) } });
}

type Snapshot = {
  sessionIds: Set<string>;
  auditIds: Set<string>;
  mailIds: Set<string>;
  memberships: Set<string>;
  userIds: Set<string>;
};

async function snapshot(): Promise<Snapshot> {
  const tx = db();
  return {
    sessionIds: new Set((await tx.select({ id: sessions.id }).from(sessions)).map((r) => r.id)),
    auditIds: new Set((await tx.select({ id: auditEntries.id }).from(auditEntries)).map((r) => r.id)),
    mailIds: new Set((await tx.select({ id: mailOutbox.id }).from(mailOutbox)).map((r) => r.id)),
    memberships: new Set((await tx.select().from(vendorMemberships)).map((m) => `${m.userId}@${m.vendorId}:${m.role}`)),
    userIds: new Set((await tx.select({ id: users.id }).from(users)).map((r) => r.id)),
  };
}

/** What changed since `before`, in the table's names. */
async function observe(before: Snapshot): Promise<Outcome> {
  const tx = db();
  const newSessions = (await tx.select().from(sessions)).filter((s) => !before.sessionIds.has(s.id));
  const [link] = await tx.select().from(sm8Identities).where(eq(sm8Identities.staffUuid, STAFF));
  const joined = (await tx.select().from(vendorMemberships))
    .filter((m) => !before.memberships.has(`${m.userId}@${m.vendorId}:${m.role}`))
    .map((m) => `${nameOfUser(m.userId)}@${nameOfVendor(m.vendorId)}:${m.role}`);
  const [connection] = await tx.select().from(sm8Connections).where(eq(sm8Connections.accountUuid, SEED_IDS.vendor));
  const audits = (await tx.select().from(auditEntries)).filter(
    (a) => !before.auditIds.has(a.id) && a.action === 'servicem8.connect',
  );
  const mails = (await tx.select().from(mailOutbox)).filter((m) => !before.mailIds.has(m.id));
  const allUsers = await tx.select({ id: users.id }).from(users);
  const [pending] = await tx.select().from(sm8PendingConnections);
  return {
    sessions: newSessions.map((s) => `${nameOfUser(s.userId)} for ${nameOfVendor(s.vendorId) ?? 'all'}`),
    linkedTo: link ? nameOfUser(link.userId) : null,
    joined: joined.sort(),
    connectedTo: connection ? nameOfVendor(connection.vendorId) : null,
    connectAudits: audits.length,
    newUsers: allUsers.filter((u) => !before.userIds.has(u.id)).length,
    pendingForNewOwner: pending?.userId != null,
    emails: mails.map((m) => `${m.templateKey} to ${nameOfAddress(m.to)}`).sort(),
  };
}

/** The caller's own business, which "OAuth connect" asks to connect. */
function ownBusiness(caller: Caller): 'V' | 'W' {
  return caller === 'Admin of W' ? 'W' : 'V';
}

function isAdminOf(caller: Caller, business: 'V' | 'W' | null): boolean {
  if (caller === 'platform staff') return true;
  return (caller === 'Admin of V' && business === 'V') || (caller === 'Admin of W' && business === 'W');
}

function isMemberOf(person: Caller | 'someone else', business: 'V' | 'W'): boolean {
  switch (person) {
    case 'member of V':
    case 'Admin of V':
      return business === 'V';
    case 'Admin of W':
      return business === 'W';
    case 'someone else':
      return true;
    default:
      return false;
  }
}

/**
 * What the model allows, written from docs/security.md's table, not from the code: OAuth consent proves
 * only that the browser can authorise the account; the add-on proves the account and staff member; a
 * link needs the account proven in this browser; membership comes from invitations or creating the
 * business. The staff member's address appears nowhere below.
 */
function allowed(c: Case): Outcome {
  const connected = c.account === 'connected to V' ? 'V' : c.account === 'connected to W' ? 'W' : null;
  const linkedPerson: Caller | 'someone else' | null =
    c.link === 'linked to the caller' && c.caller !== 'anonymous'
      ? c.caller
      : c.link === 'linked to someone else'
        ? 'someone else'
        : null;
  const nothing: Outcome = {
    sessions: [],
    linkedTo: linkedPerson,
    joined: [],
    connectedTo: connected,
    connectAudits: 0,
    newUsers: 0,
    pendingForNewOwner: false,
    emails: [],
  };
  const signedIn = c.caller !== 'anonymous';

  switch (c.flow) {
    case 'OAuth login': {
      // "Sign in with ServiceM8" from a browser: never a session. Signed in, it connects like Connect
      // without choosing a business: a new business, or reconnecting the caller's own.
      if (!signedIn) return nothing;
      if (connected === null) {
        return {
          ...nothing,
          connectedTo: 'new',
          connectAudits: 1,
          joined: c.caller === 'platform staff' ? [] : [`${c.caller}@new:Admin`],
        };
      }
      return isAdminOf(c.caller, connected) ? { ...nothing, connectAudits: 1 } : nothing;
    }
    case 'OAuth connect': {
      if (!signedIn) return nothing;
      const own = ownBusiness(c.caller);
      if (connected === null) {
        return isAdminOf(c.caller, own) ? { ...nothing, connectedTo: own, connectAudits: 1 } : nothing;
      }
      return isAdminOf(c.caller, connected) && connected === own ? { ...nothing, connectAudits: 1 } : nothing;
    }
    case 'Activate/complete': {
      // Not signed in, the person asks for a new business with the address they type (here the staff
      // member's, as an attacker would): a new unconfirmed user with no business, or a note to the
      // address's owner. No session, no membership, no link, until the address's owner opens our link.
      if (connected !== null) return nothing;
      const typed = addressTyped(c);
      const registered = Object.values(cast.people).some((p) => p.email === typed);
      return registered
        ? { ...nothing, emails: [`account-exists to ${nameOfAddress(typed)}`] }
        : { ...nothing, newUsers: 1, pendingForNewOwner: true, emails: [`verify-email to ${nameOfAddress(typed)}`] };
    }
    case 'add-on GET':
    case 'add-on POST':
      return addonAllows(nothing, connected, linkedPerson);
    case 'link claim by password':
    case 'link claim by email': {
      if (connected === null || linkedPerson !== null) return addonAllows(nothing, connected, linkedPerson);
      // The login is unlinked: the person proves an account here and now. A link is mailed to the address
      // they type (the caller's own; an anonymous attacker types the staff member's), to its owner only.
      const owner = Object.entries(cast.people).find(([, p]) => p.email === linkAddress(c))?.[0];
      const emails =
        c.flow === 'link claim by email' && owner !== undefined && owner !== 'platform staff'
          ? [`servicem8-link to ${owner}`]
          : [];
      if (!signedIn || c.caller === 'platform staff' || !isMemberOf(c.caller, connected)) return { ...nothing, emails };
      return { ...nothing, emails, linkedTo: c.caller, sessions: [`${c.caller} for ${connected}`] };
    }
  }
}

/** The add-on signs in only the person linked to the login, for the account's business, if they belong to it. */
function addonAllows(nothing: Outcome, connected: 'V' | 'W' | null, linked: Caller | 'someone else' | null): Outcome {
  if (connected === null || linked === null || linked === 'platform staff') return nothing;
  if (linked === 'anonymous' || !isMemberOf(linked, connected)) return nothing;
  return { ...nothing, sessions: [`${linked} for ${connected}`] };
}

/** The address typed into "create a new business": the staff member's, or a fresh one when ServiceM8 has none. */
function addressTyped(c: Case): string {
  return staffAddress(c) || 'new-owner@example.org';
}

/** The address typed to prove an account: the caller's own, or, for an anonymous attacker, the staff member's. */
function linkAddress(c: Case): string {
  return c.caller === 'anonymous' ? staffAddress(c) || UNREGISTERED : cast.people[c.caller].email;
}

/** Runs the case's flow as the caller's browser would. */
async function act(c: Case, before: Snapshot, token: string | undefined): Promise<void> {
  const own = ownBusiness(c.caller) === 'V' ? cast.V : cast.W;
  switch (c.flow) {
    case 'OAuth login': {
      const connection = await consent(services);
      await readCandidates(services, connection, token);
      await complete(services, { connection }, token);
      return;
    }
    case 'OAuth connect':
      await complete(services, { connection: await consent(services), vendorId: own }, token);
      return;
    case 'Activate/complete':
      await complete(services, {
        connection: await consent(services),
        newOwner: { email: addressTyped(c), password: 'a-fine-password-7', firstName: 'New', lastName: 'Owner' },
      });
      return;
    case 'add-on GET':
      await openAddonLink(services, STAFF);
      return;
    case 'add-on POST':
      await openAddonWindow(services, STAFF);
      return;
    case 'link claim by password':
    case 'link claim by email': {
      const opened = await openAddonLink(services, STAFF);
      if (opened.statusCode !== 200 || AddonOutcome.parse(opened.json()).data.outcome !== 'LinkNeeded') return;
      const claim = claimOf(opened);
      const address = linkAddress(c);
      if (c.flow === 'link claim by password') {
        const password = c.caller === 'anonymous' ? WRONG_PASSWORD : TEST_PASSWORD;
        await linkByPassword(services, claim, { email: address, password });
        return;
      }
      await askForLinkEmail(services, claim, address);
      // Only the caller's own mailbox can be read: anyone else's link stays unopened.
      if (c.caller === 'anonymous') return;
      const sent = (await db().select().from(mailOutbox).where(eq(mailOutbox.to, address))).find(
        (mail) => !before.mailIds.has(mail.id) && mail.templateKey === 'servicem8-link',
      );
      if (!sent) return;
      const query = pageLinkIn(sent, '/sm8/link');
      await linkByEmailProof(services, claim, { token: query.get('token') ?? '', userId: query.get('userId') ?? '' });
      return;
    }
  }
}

function cases(): Case[] {
  const all: Case[] = [];
  for (const flow of FLOWS)
    for (const caller of CALLERS)
      for (const account of ACCOUNTS)
        for (const link of LINKS)
          for (const staffEmail of STAFF_EMAILS) {
            // An anonymous caller has neither a login of their own nor an address.
            if (caller === 'anonymous' && (link === 'linked to the caller' || staffEmail === "the caller's")) continue;
            all.push({ caller, account, link, staffEmail, flow });
          }
  return all;
}

describe('the ServiceM8 identity model, over every combination', () => {
  it.each(FLOWS)(
    '%s grants exactly what the model allows, whatever ServiceM8 says about the staff member',
    async (flow) => {
      const failures: string[] = [];
      let count = 0;
      for (const c of cases().filter((one) => one.flow === flow)) {
        await arrange(c);
        // The caller's own session, from before the case: not one the case hands out.
        const token = c.caller === 'anonymous' ? undefined : await tokenFor(services.deps, cast.people[c.caller]);
        const before = await snapshot();
        await act(c, before, token);
        const got = await observe(before);
        const want = allowed(c);
        count += 1;
        try {
          expect(got).toEqual(want);
        } catch {
          failures.push(
            `${c.caller} | ${c.account} | ${c.link} | staff email ${c.staffEmail}:\n  want ${JSON.stringify(want)}\n  got  ${JSON.stringify(got)}`,
          );
        }
      }
      // 5 callers × 3 accounts × 3 links × 5 addresses, less the 21 an anonymous caller cannot have.
      expect(count).toBe(204);
      expect(failures.slice(0, 5).join('\n')).toBe('');
    },
    300_000,
  );
});
