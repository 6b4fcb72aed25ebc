import { randomUUID } from 'node:crypto';
import { SEED_IDS, type Simulator } from '@automate/servicem8-sim';
import { eq, inArray, notInArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { auditEntries } from '../../src/modules/audit/audit.schema.ts';
import { sessions } from '../../src/modules/auth/auth.schema.ts';
import { mailOutbox } from '../../src/modules/mail/mail.schema.ts';
import { upsertReferenceItem } from '../../src/modules/servicem8/servicem8.repository.ts';
import { sm8Connections, sm8PendingConnections } from '../../src/modules/servicem8/servicem8.schema.ts';
import { sm8Identities, users, vendorMemberRemovals, vendorMemberships } from '../../src/modules/users/users.schema.ts';
import { vendors } from '../../src/modules/vendors/vendors.schema.ts';
import { encryptSecret } from '../../src/security/encryption.ts';
import { addMember, createUser, createVendor, TEST_PASSWORD } from '../support/factories.ts';
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

/**
 * One copy of the world every case starts from: a server on a database of its own, with its own
 * ServiceM8 simulator (whose one account and staff member the cases are about) and its own cast.
 */
type World = {
  services: TestServices;
  sim: Simulator;
  cast: Cast;
  accessTokenEnc: string;
  refreshTokenEnc: string;
  /** The statements that clear what a case may leave behind (see clearingStatements). */
  clearing: string[];
};

/**
 * A flow's cases are shared out among copies of the world, each taking the next case when it has
 * finished one. A case spends much of its time waiting (for ServiceM8's calls over the loopback, for
 * hashing and signing done off the main thread, for PostgreSQL), and another copy's case runs meanwhile.
 * Each copy holds one case at a time, so no case ever sees another's rows.
 */
const WORLDS = 2;
const worlds: World[] = [];
/** Every server started, so that afterAll stops each even when its world did not finish starting. */
const started: TestServices[] = [];

async function startWorld(): Promise<World> {
  const services = await startTestServices({
    simulator: { oauth: { autoApprove: true } },
    // Thousands of sign-in steps from one address in a minute or two: this file is not about that limit.
    authRateLimitPerMinute: '1000000',
    // No workers: the jobs a connection queues (copying the account's data, subscribing its webhooks)
    // touch no sessions, links, memberships or users, and would only race the next case's reset.
    role: 'api',
  });
  started.push(services);
  const sim = services.sim;
  if (!sim) throw new Error('no simulator');
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
  const tokens = sim.controls.issueToken();
  const key = deps.keys.storageEncryptionKey;
  const cast: Cast = {
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
  return {
    services,
    sim,
    cast,
    accessTokenEnc: encryptSecret(key, tokens.access_token),
    refreshTokenEnc: encryptSecret(key, tokens.refresh_token),
    clearing: clearingStatements(deps.database.db, cast),
  };
}

beforeAll(async () => {
  worlds.push(...(await Promise.all(Array.from({ length: WORLDS }, startWorld))));
}, 60_000);
afterAll(() => Promise.all(started.map((services) => services.cleanup())));

const castIds = (cast: Cast) => Object.values(cast.people).map((p) => p.id);
const nameOfUser = (cast: Cast, id: string) =>
  Object.entries(cast.people).find(([, p]) => p.id === id)?.[0] ?? (id ? 'a new user' : 'nobody');
const nameOfVendor = (cast: Cast, id: string | null) =>
  id === cast.V ? 'V' : id === cast.W ? 'W' : id === null ? null : 'new';
const nameOfAddress = (cast: Cast, address: string) =>
  Object.entries(cast.people).find(([, p]) => p.email.toLowerCase() === address.toLowerCase())?.[0] ??
  (address === UNREGISTERED ? 'the unregistered address' : address);

function staffAddress(cast: Cast, c: Case): string {
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

/** The memberships every case starts from: "someone else" belongs to both businesses as User. */
function baselineMemberships(cast: Cast) {
  const baseline = [
    ['member of V', cast.V, 'User'],
    ['Admin of V', cast.V, 'Admin'],
    ['Admin of W', cast.W, 'Admin'],
    ['someone else', cast.V, 'User'],
    ['someone else', cast.W, 'User'],
  ] as const;
  return baseline.map(([who, vendorId, role]) => ({ vendorId, userId: cast.people[who].id, role }));
}

/**
 * What the world holds when a case begins, which is what its flow is compared against: the tables
 * the comparison reads are emptied and filled again by `arrange`, so their rows are known.
 */
type Snapshot = {
  sessionIds: Set<string>;
  auditIds: Set<string>;
  mailIds: Set<string>;
  memberships: Set<string>;
  userIds: Set<string>;
};

const membershipKey = (m: { userId: string; vendorId: string; role: string }) => `${m.userId}@${m.vendorId}:${m.role}`;

const dialect = new PgDialect({ casing: 'snake_case' });

/** A statement as text with its values written in, so that several go to the database as one script. */
const inlined = (statement: SQLWrapper) => dialect.sqlToQuery(statement.getSQL().inlineParams()).sql;

/**
 * Runs the statements in order, in one transaction and one round trip to the database (the simple
 * query protocol), and answers the last one's rows. Statement by statement, resetting and reading the
 * tables around each case took close to half of the file's time.
 */
async function runScript(world: World, statements: string[]): Promise<unknown[]> {
  const database = world.services.deps.database;
  const script = statements.join(';\n');
  if (database.pglite) return (await database.pglite.exec(script)).at(-1)?.rows ?? [];
  // node-postgres answers one result for one statement, and one per statement for several.
  const answer = (await database.db.execute(sql.raw(script))) as unknown as
    | { rows: unknown[] }
    | Array<{ rows: unknown[] }>;
  return (Array.isArray(answer) ? answer.at(-1) : answer)?.rows ?? [];
}

/** What earlier cases left, removed: the cast and their two businesses stay, unconnected and with no members. */
function clearingStatements(db: Db, cast: Cast): string[] {
  return [
    // Earlier cases' sessions, audit entries and emails: the before-and-after comparison then reads only this case's.
    db.delete(sessions),
    db.delete(auditEntries),
    db.delete(mailOutbox),
    db.delete(sm8Identities),
    db.delete(sm8PendingConnections),
    db.delete(sm8Connections),
    db.delete(vendorMemberRemovals),
    db.update(vendors).set({ sm8Connected: false, sm8AccountUuid: null }),
    db.delete(vendors).where(notInArray(vendors.id, [cast.V, cast.W])),
    db.delete(users).where(notInArray(users.id, castIds(cast))),
    db.delete(vendorMemberships).where(inArray(vendorMemberships.userId, castIds(cast))),
  ].map(inlined);
}

/**
 * Puts the world in the case's starting state: the cast as above, the account and the link as the case
 * says, and the caller's own session.
 */
async function arrange(world: World, c: Case): Promise<{ before: Snapshot; token: string | undefined }> {
  const { services, sim, cast, accessTokenEnc, refreshTokenEnc } = world;
  const db = services.deps.database.db;
  // An hour between cases: per-address limits (sign-in failures, emails) start afresh, as for different people.
  services.clock.advance(61 * 60_000);
  const now = services.clock.now();
  const memberships = baselineMemberships(cast);
  const connectedVendor = c.account === 'connected to V' ? cast.V : c.account === 'connected to W' ? cast.W : null;
  const linkedUser =
    c.link === 'linked to the caller' && c.caller !== 'anonymous'
      ? cast.people[c.caller].id
      : c.link === 'linked to someone else'
        ? cast.people['someone else'].id
        : null;
  // The caller's own session, from before the case: not one the case hands out.
  const callerSession =
    c.caller === 'anonymous'
      ? null
      : {
          id: randomUUID(),
          userId: cast.people[c.caller].id,
          proof: 'password' as const,
          vendorId: null,
          createdAt: now,
          expiresAt: services.deps.sessions.expiryFrom(now),
        };
  // Signed while the database works: the token only names the session, which exists before any request.
  const callerToken = callerSession
    ? services.deps.sessions.issue({ userId: callerSession.userId, sessionId: callerSession.id }, now)
    : undefined;
  const starting = [
    db.insert(vendorMemberships).values(memberships),
    ...(connectedVendor
      ? [
          db.insert(sm8Connections).values({
            vendorId: connectedVendor,
            accountUuid: SEED_IDS.vendor,
            accessTokenEnc,
            refreshTokenEnc,
            accessTokenExpiresAt: new Date(now.getTime() + 365 * 24 * 3_600_000),
            scope: 'read_staff',
            webhookSecretEnc: accessTokenEnc,
          }),
          db
            .update(vendors)
            .set({ sm8Connected: true, sm8AccountUuid: SEED_IDS.vendor })
            .where(eq(vendors.id, connectedVendor)),
        ]
      : []),
    ...(linkedUser
      ? [
          db.insert(sm8Identities).values({
            accountUuid: SEED_IDS.vendor,
            staffUuid: STAFF,
            userId: linkedUser,
            accountName: 'Harbour Plumbing & Gas',
            staffName: 'Sam Nguyen',
          }),
        ]
      : []),
    ...(callerSession ? [db.insert(sessions).values(callerSession)] : []),
  ];
  await runScript(world, [...world.clearing, ...starting.map(inlined)]);

  // The account owner controls what ServiceM8 says: the staff member's address, and the account's.
  // Written as seed data: ServiceM8 itself may hold a staff member with no address at all.
  const email = staffAddress(cast, c);
  const withEmail = (object: 'staff' | 'vendor', uuid: string) =>
    sim.controls
      .records(object)
      .filter((record) => record.uuid === uuid)
      .map((record) => ({ ...record, email }));
  sim.controls.seed({ records: { staff: withEmail('staff', STAFF), vendor: withEmail('vendor', SEED_IDS.vendor) } });

  return {
    before: {
      sessionIds: new Set(callerSession ? [callerSession.id] : []),
      auditIds: new Set(),
      mailIds: new Set(),
      memberships: new Set(memberships.map(membershipKey)),
      userIds: new Set(castIds(cast)),
    },
    token: (await callerToken)?.token,
  };
}

/** A JSON array of a table's rows, as the named columns. */
function rowsOf(table: PgTable, columns: Record<string, PgColumn>, where?: SQL): SQL {
  const fields = sql.join(
    Object.entries(columns).map(([name, column]) => sql`${name}::text, ${column}`),
    sql`, `,
  );
  return sql`(select coalesce(json_agg(json_build_object(${fields})), '[]'::json) from ${table}${where ? sql` where ${where}` : sql``})`;
}

/** The rows the comparison reads. */
type Tables = {
  sessions: Array<{ id: string; userId: string; vendorId: string | null }>;
  links: Array<{ userId: string }>;
  memberships: Array<{ userId: string; vendorId: string; role: string }>;
  connections: Array<{ vendorId: string }>;
  audits: Array<{ id: string; action: string }>;
  mails: Array<{ id: string; templateKey: string; to: string }>;
  users: Array<{ id: string }>;
  pending: Array<{ userId: string | null }>;
};

/** Every row the comparison reads, in one statement. */
const READ_TABLES = inlined(sql`select
  ${rowsOf(sessions, { id: sessions.id, userId: sessions.userId, vendorId: sessions.vendorId })} as sessions,
  ${rowsOf(sm8Identities, { userId: sm8Identities.userId }, eq(sm8Identities.staffUuid, STAFF))} as links,
  ${rowsOf(vendorMemberships, { userId: vendorMemberships.userId, vendorId: vendorMemberships.vendorId, role: vendorMemberships.role })} as memberships,
  ${rowsOf(sm8Connections, { vendorId: sm8Connections.vendorId }, eq(sm8Connections.accountUuid, SEED_IDS.vendor))} as connections,
  ${rowsOf(auditEntries, { id: auditEntries.id, action: auditEntries.action })} as audits,
  ${rowsOf(mailOutbox, { id: mailOutbox.id, templateKey: mailOutbox.templateKey, to: mailOutbox.to })} as mails,
  ${rowsOf(users, { id: users.id })} as users,
  ${rowsOf(sm8PendingConnections, { userId: sm8PendingConnections.userId })} as pending`);

/** What changed since `before`, in the table's names. */
async function observe(world: World, before: Snapshot): Promise<Outcome> {
  const { cast } = world;
  const [tables] = (await runScript(world, [READ_TABLES])) as Tables[];
  if (!tables) throw new Error('the database answered no row');
  const [link] = tables.links;
  const [connection] = tables.connections;
  return {
    sessions: tables.sessions
      .filter((s) => !before.sessionIds.has(s.id))
      .map((s) => `${nameOfUser(cast, s.userId)} for ${nameOfVendor(cast, s.vendorId) ?? 'all'}`),
    linkedTo: link ? nameOfUser(cast, link.userId) : null,
    joined: tables.memberships
      .filter((m) => !before.memberships.has(membershipKey(m)))
      .map((m) => `${nameOfUser(cast, m.userId)}@${nameOfVendor(cast, m.vendorId)}:${m.role}`)
      .sort(),
    connectedTo: connection ? nameOfVendor(cast, connection.vendorId) : null,
    connectAudits: tables.audits.filter((a) => !before.auditIds.has(a.id) && a.action === 'servicem8.connect').length,
    newUsers: tables.users.filter((u) => !before.userIds.has(u.id)).length,
    pendingForNewOwner: tables.pending.some((p) => p.userId !== null),
    emails: tables.mails
      .filter((m) => !before.mailIds.has(m.id))
      .map((m) => `${m.templateKey} to ${nameOfAddress(cast, m.to)}`)
      .sort(),
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
function allowed(cast: Cast, c: Case): Outcome {
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
      const typed = addressTyped(cast, c);
      const registered = Object.values(cast.people).some((p) => p.email === typed);
      return registered
        ? { ...nothing, emails: [`account-exists to ${nameOfAddress(cast, typed)}`] }
        : {
            ...nothing,
            newUsers: 1,
            pendingForNewOwner: true,
            emails: [`verify-email to ${nameOfAddress(cast, typed)}`],
          };
    }
    case 'add-on GET':
    case 'add-on POST':
      return addonAllows(nothing, connected, linkedPerson);
    case 'link claim by password':
    case 'link claim by email': {
      if (connected === null || linkedPerson !== null) return addonAllows(nothing, connected, linkedPerson);
      // The login is unlinked: the person proves an account here and now. A link is mailed to the address
      // they type (the caller's own; an anonymous attacker types the staff member's), to its owner only.
      const owner = Object.entries(cast.people).find(([, p]) => p.email === linkAddress(cast, c))?.[0];
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
function addressTyped(cast: Cast, c: Case): string {
  return staffAddress(cast, c) || 'new-owner@example.org';
}

/** The address typed to prove an account: the caller's own, or, for an anonymous attacker, the staff member's. */
function linkAddress(cast: Cast, c: Case): string {
  return c.caller === 'anonymous' ? staffAddress(cast, c) || UNREGISTERED : cast.people[c.caller].email;
}

/** Runs the case's flow as the caller's browser would. */
async function act(world: World, c: Case, before: Snapshot, token: string | undefined): Promise<void> {
  const { services, cast } = world;
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
        newOwner: { email: addressTyped(cast, c), password: 'a-fine-password-7', firstName: 'New', lastName: 'Owner' },
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
      const address = linkAddress(cast, c);
      if (c.flow === 'link claim by password') {
        const password = c.caller === 'anonymous' ? WRONG_PASSWORD : TEST_PASSWORD;
        await linkByPassword(services, claim, { email: address, password });
        return;
      }
      await askForLinkEmail(services, claim, address);
      // Only the caller's own mailbox can be read: anyone else's link stays unopened.
      if (c.caller === 'anonymous') return;
      const sent = (await services.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address))).find(
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
      const flowCases = cases().filter((one) => one.flow === flow);
      const failures: Array<{ index: number; report: string }> = [];
      let count = 0;
      const waiting = flowCases.entries();
      const runCases = async (world: World) => {
        for (const [index, c] of waiting) {
          const { before, token } = await arrange(world, c);
          await act(world, c, before, token);
          const got = await observe(world, before);
          const want = allowed(world.cast, c);
          count += 1;
          try {
            expect(got).toEqual(want);
          } catch {
            failures.push({
              index,
              report: `${c.caller} | ${c.account} | ${c.link} | staff email ${c.staffEmail}:\n  want ${JSON.stringify(want)}\n  got  ${JSON.stringify(got)}`,
            });
          }
        }
      };
      // Every copy finishes before the test ends, even when another failed, so that none is still busy in the next test.
      const ran = await Promise.allSettled(worlds.map(runCases));
      for (const outcome of ran) if (outcome.status === 'rejected') throw outcome.reason;
      // 5 callers × 3 accounts × 3 links × 5 addresses, less the 21 an anonymous caller cannot have.
      expect(count).toBe(204);
      const firstFailures = failures.sort((a, b) => a.index - b.index).slice(0, 5);
      expect(firstFailures.map((failure) => failure.report).join('\n')).toBe('');
    },
    300_000,
  );
});
