import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  type ClientMessagingSettings,
  type ClientOptOut,
  UNSUBSCRIBE_PAGE_PATH,
  type UnsubscribePage,
} from '@automate/contract';
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { readBadges } from '../../../engine/conditions/evaluation-context.ts';
import type { Sm8Record } from '../../../engine/events/derive-events.ts';
import { text } from '../../../engine/records/run-records.ts';
import { formatInZone, zoneOrUtc } from '../../../engine/schedule/due-at.ts';
import { AppError, notFound } from '../../../http/app-error.ts';
import { findVendor } from '../../vendors/vendors.service.ts';
import {
  countClientMessagesSince,
  deleteOptOut,
  findOptOut,
  findUnsubscribeLink,
  insertOptOut,
  insertUnsubscribeLink,
  listOptOuts,
} from './client-messaging.repository.ts';

/**
 * Opt-outs and contact limits of automated client messages, and the unsubscribe link every automated
 * email carries. The link holds an opaque id: a keyed hash of the vendor, the client and the address,
 * so nobody can opt someone else out or read whom it is for; the server keeps whom each id stands for.
 * Links of emails sent before ids held the recipient themselves, signed (HMAC): they keep working.
 */

type LinkClaim = { vendorId: string; clientUuid: string; contactName: string; email: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The same recipient always gets the same id, so one row stands for every email they were sent. */
function linkId(deps: Deps, claim: LinkClaim): string {
  return createHmac('sha256', deps.keys.unsubscribeSigningKey)
    .update(`unsubscribe-link\n${claim.vendorId}\n${claim.clientUuid}\n${claim.email.toLowerCase()}`)
    .digest('base64url');
}

/** The public page an automated email links to, for its recipient at this client (kept for when it is used). */
export async function unsubscribeUrl(deps: Deps, claim: LinkClaim): Promise<string> {
  const id = linkId(deps, claim);
  await insertUnsubscribeLink(deps.database.db, {
    tokenSha256: sha256(id),
    vendorId: claim.vendorId,
    clientUuid: claim.clientUuid,
    contactName: claim.contactName.slice(0, 80),
    email: claim.email,
    createdAt: deps.clock.now(),
  });
  return `${deps.config.publicUrl}${UNSUBSCRIBE_PAGE_PATH}?token=${id}`;
}

const INVALID_LINK = 'This unsubscribe link is not valid: copy the whole link from the email.';

/** Whom the link is for: an id the server keeps, or (emails sent before ids) the signed recipient. */
async function readToken(deps: Deps, token: string): Promise<LinkClaim> {
  if (token.includes('.')) return readSignedToken(deps, token);
  const row = await findUnsubscribeLink(deps.database.db, sha256(token));
  if (!row) throw new AppError('NOT_FOUND', INVALID_LINK);
  return { vendorId: row.vendorId, clientUuid: row.clientUuid, contactName: row.contactName, email: row.email };
}

const SignedClaim = z.tuple([z.uuid(), z.string().min(1), z.string(), z.string()]);

function readSignedToken(deps: Deps, token: string): LinkClaim {
  const [payload = '', signature = ''] = token.split('.');
  const expected = Buffer.from(
    createHmac('sha256', deps.keys.unsubscribeSigningKey).update(payload).digest('base64url'),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError('NOT_FOUND', INVALID_LINK);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('NOT_FOUND', INVALID_LINK);
  }
  const parsed = SignedClaim.safeParse(decoded);
  if (!parsed.success) throw new AppError('NOT_FOUND', INVALID_LINK);
  const [vendorId, clientUuid, contactName, email] = parsed.data;
  return { vendorId, clientUuid, contactName, email };
}

/** `jo***@example.com`: enough for the recipient to recognise, not a full address for whoever has the link. */
function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***${domain ? `@${domain}` : ''}`;
}

async function pageFor(deps: Deps, claim: LinkClaim): Promise<UnsubscribePage> {
  const vendor = await findVendor(deps.database.db, claim.vendorId);
  if (!vendor) throw new AppError('NOT_FOUND', INVALID_LINK);
  const optedOut = await findOptOut(deps.database.db, claim);
  return { businessName: vendor.senderName ?? vendor.name, email: maskedEmail(claim.email), optedOut: !!optedOut };
}

/** What the unsubscribe page shows before the recipient confirms. */
export async function unsubscribePage(deps: Deps, token: string): Promise<UnsubscribePage> {
  return pageFor(deps, await readToken(deps, token));
}

/** The recipient confirmed (on the page, or their mail program's one-click unsubscribe). */
export async function unsubscribe(deps: Deps, token: string): Promise<UnsubscribePage> {
  const claim = await readToken(deps, token);
  const page = await pageFor(deps, claim);
  await insertOptOut(deps.database.db, { ...claim, optedOutAt: deps.clock.now() });
  return { ...page, optedOut: true };
}

export async function listClientOptOuts(deps: Deps, vendorId: string): Promise<ClientOptOut[]> {
  const rows = await listOptOuts(deps.database.db, vendorId);
  return rows.map((row) => ({
    clientUuid: row.clientUuid,
    contactName: row.contactName,
    email: row.email,
    optedOutAt: row.optedOutAt.toISOString(),
  }));
}

/** The vendor undoes an opt-out: the client gets automated messages again. */
export async function undoClientOptOut(deps: Deps, vendorId: string, clientUuid: string): Promise<void> {
  if (!(await deleteOptOut(deps.database.db, { vendorId, clientUuid }))) throw notFound('Opt-out');
}

/** What the refusal check needs about the run's client and the vendor. */
export type ClientMessageCheck = {
  vendorId: string;
  clientUuid: string;
  settings: ClientMessagingSettings;
  timeZone: string;
  now: Date;
  /** The client record (read only when an opt-out badge is chosen). */
  client(): Promise<Sm8Record | null>;
  badgeName(uuid: string): string;
};

/**
 * Why a client-facing message must not go to the run's client, or null: the client has the opt-out
 * badge, used the unsubscribe link, or had its day's or week's messages (vendor calendar, Monday first).
 */
export async function clientMessageRefusal(db: Db, check: ClientMessageCheck): Promise<string | null> {
  const { settings, vendorId, clientUuid } = check;
  if (settings.optOutBadgeUuid) {
    const client = await check.client();
    if (client && readBadges(client.badges).includes(settings.optOutBadgeUuid)) {
      return `${nameOf(client)} has the badge "${check.badgeName(settings.optOutBadgeUuid)}", so automated messages do not go to them; nothing was sent.`;
    }
  }
  const optOut = await findOptOut(db, { vendorId, clientUuid });
  if (optOut) {
    const who = optOut.contactName ? `${optOut.contactName} (${optOut.email})` : optOut.email;
    return `The client opted out of automated messages: ${who} unsubscribed on ${formatInZone(optOut.optedOutAt, check.timeZone)}; nothing was sent.`;
  }
  const local = DateTime.fromJSDate(check.now, { zone: zoneOrUtc(check.timeZone) });
  const limits = [
    { limit: settings.contactLimits.perDay, since: local.startOf('day'), period: 'today', per: 'a day' },
    { limit: settings.contactLimits.perWeek, since: local.startOf('week'), period: 'this week', per: 'a week' },
  ];
  for (const { limit, since, period, per } of limits) {
    if (limit === null) continue;
    const sent = await countClientMessagesSince(db, { vendorId, clientUuid }, since.toJSDate());
    if (sent >= limit) {
      return `The client already had ${sent} automated message${sent === 1 ? '' : 's'} ${period} (the limit is ${limit} ${per}); nothing was sent.`;
    }
  }
  return null;
}

function nameOf(client: Sm8Record): string {
  return text(client.name) || 'The client';
}
