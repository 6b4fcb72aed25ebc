import { RUN_STATUSES } from '@automate/contract';
import type { Deps } from '../../../deps.ts';
import { dayBefore } from '../../../engine/schedule/due-at.ts';
import { queueSystemEmail } from '../../mail/mail.service.ts';
import { digestRecipients } from '../../users/memberships.service.ts';
import { findVendors } from '../../vendors/vendors.service.ts';
import { FAILURE_CAUSES, type FailureCause, vendorLogPath } from '../execute/run-failures.ts';
import { hasNoticeSince, insertNotice } from './notices.repository.ts';
import { countFailuresByCause, countRunsByStatus, listWarningsAhead } from './run-digest.repository.ts';

/**
 * The daily digest, for each Admin who asked for it (their profile): each morning at 7 in the vendor's
 * time zone, the previous day's runs by status, its failures grouped by cause, and the warnings of the
 * runs still to come. By email and in the bell. A day without runs, failures or warnings sends nothing.
 */

const DIGEST_HOUR = 7;
const WARNINGS_SHOWN = 10;
/** A digest already sent to the user about the vendor within this long is not sent again (the job runs hourly). */
const ONCE_A_DAY_MS = 20 * 60 * 60 * 1000;
const DIGEST_KEY = 'automation-daily-digest';

type Digest = {
  day: string;
  total: number;
  statuses: Array<{ status: string; runs: number }>;
  failures: Array<{ cause: string; runs: number; example: string }>;
  warnings: string[];
};

/** What the digest of `vendorId` says about the day before `now` (vendor time), and what is ahead. */
async function digestOf(deps: Deps, vendor: { id: string; timeZone: string }, now: Date): Promise<Digest> {
  const db = deps.database.db;
  const day = dayBefore(now, vendor.timeZone);
  const range = { vendorId: vendor.id, from: day.from, to: day.to };
  const [statusRows, failureRows, warnings] = await Promise.all([
    countRunsByStatus(db, range),
    countFailuresByCause(db, range),
    listWarningsAhead(db, vendor.id, now, WARNINGS_SHOWN),
  ]);
  const byStatus = new Map(statusRows.map((row) => [row.status, row.runs]));
  const statuses = RUN_STATUSES.flatMap((status) => {
    const runs = byStatus.get(status) ?? 0;
    return runs > 0 ? [{ status, runs }] : [];
  });
  const failures = failureRows
    .map((row) => ({
      cause: FAILURE_CAUSES[(row.cause ?? 'other') as FailureCause] ?? FAILURE_CAUSES.other,
      runs: row.runs,
      example: row.example ?? '',
    }))
    .sort((a, b) => b.runs - a.runs || a.cause.localeCompare(b.cause));
  return {
    day: day.label,
    total: statuses.reduce((sum, row) => sum + row.runs, 0),
    statuses,
    failures,
    warnings,
  };
}

/** Sends the digests due this hour (at 7 in each vendor's time zone); answers how many. */
export async function sendDailyDigests(deps: Deps): Promise<number> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const recipients = await digestRecipients(db);
  const vendors = await findVendors(db, [...new Set(recipients.map((row) => row.vendorId))]);
  let sent = 0;
  for (const vendor of vendors) {
    if (dayBefore(now, vendor.timeZone).hourNow !== DIGEST_HOUR) continue;
    const digest = await digestOf(deps, vendor, now);
    // Runs count on the day they started, failures on the day they failed: a run started before midnight
    // that failed after it is in the next day's failures only, and that day's digest still goes out.
    if (digest.total === 0 && digest.failures.length === 0 && digest.warnings.length === 0) continue;
    for (const admin of recipients.filter((row) => row.vendorId === vendor.id)) {
      sent += await db.transaction(async (tx) => {
        const since = new Date(now.getTime() - ONCE_A_DAY_MS);
        if (await hasNoticeSince(tx, { vendorId: vendor.id, userId: admin.id, kind: 'digest', since })) return 0;
        await queueSystemEmail(tx, deps, {
          key: DIGEST_KEY,
          to: admin,
          data: {
            vendor: { name: vendor.name },
            ...digest,
            link: `${deps.config.publicUrl}${vendorLogPath(vendor.id)}`,
          },
        });
        await insertNotice(tx, {
          vendorId: vendor.id,
          userId: admin.id,
          kind: 'digest',
          title: `Your runs of ${digest.day}`,
          body: digestSentence(digest),
          link: vendorLogPath(vendor.id),
          createdAt: now,
        });
        return 1;
      });
    }
  }
  return sent;
}

/**
 * The digest in one sentence, for the bell: "12 runs: 10 Succeeded, 2 Failed. 1 warning ahead.", or
 * "2 earlier runs failed." on a day when only runs started before it failed.
 */
function digestSentence(digest: Digest): string {
  const failed = digest.failures.reduce((sum, row) => sum + row.runs, 0);
  const runs =
    digest.total === 0 && failed > 0
      ? `${failed} earlier run${failed === 1 ? '' : 's'} failed`
      : `${digest.total} run${digest.total === 1 ? '' : 's'}`;
  const statuses = digest.statuses.map((row) => `${row.runs} ${row.status}`).join(', ');
  const ahead =
    digest.warnings.length > 0
      ? ` ${digest.warnings.length} warning${digest.warnings.length === 1 ? '' : 's'} ahead.`
      : '';
  return `${runs}${statuses ? `: ${statuses}` : ''}.${ahead}`;
}
