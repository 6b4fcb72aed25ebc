import type {
  AdminVendorDetail,
  AdminVendorRow,
  SearchPage,
  SearchQuery,
  SetVendorSuspensionRequest,
  Vendor,
} from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { runActivityOf } from '../automation/runs/trigger-runs.service.ts';
import { connectionSummaryOf } from '../servicem8/connection-admin.service.ts';
import { enabledTriggerCounts } from '../triggers/trigger-lookups.service.ts';
import { findVendor, getVendor, listVendors, setAutomationsSuspension, toVendor } from '../vendors/vendors.service.ts';

/** The super admin's vendors: the list with each vendor's activity, one vendor, and suspending its automations. */

const ACTIVITY_DAYS = 30;

async function withActivity(deps: Deps, db: Db, vendors: readonly Vendor[]): Promise<AdminVendorRow[]> {
  const ids = vendors.map((vendor) => vendor.id);
  const since = new Date(deps.clock.now().getTime() - ACTIVITY_DAYS * 86_400_000);
  const [triggers, activity] = await Promise.all([enabledTriggerCounts(db, ids), runActivityOf(db, ids, since)]);
  return vendors.map((vendor) => {
    const runs = activity.get(vendor.id);
    return {
      ...vendor,
      enabledTriggers: triggers.get(vendor.id) ?? 0,
      runs30Days: runs?.runs ?? 0,
      failures30Days: runs?.failures ?? 0,
      lastActivityAt: runs?.lastRunAt?.toISOString() ?? null,
    };
  });
}

/** A page of vendors (the vendor search's fields and defaults), each with its triggers and last 30 days of runs. */
export async function searchAdminVendors(deps: Deps, query: SearchQuery): Promise<SearchPage<AdminVendorRow>> {
  const page = await listVendors(deps, query);
  return { ...page, rows: await withActivity(deps, deps.database.db, page.rows) };
}

export async function getAdminVendor(deps: Deps, vendorId: string): Promise<AdminVendorDetail> {
  return describeVendor(deps, deps.database.db, await getVendor(deps, vendorId));
}

async function describeVendor(deps: Deps, db: Db, vendor: Vendor): Promise<AdminVendorDetail> {
  const [[row], serviceM8] = await Promise.all([withActivity(deps, db, [vendor]), connectionSummaryOf(db, vendor.id)]);
  if (!row) throw notFound('Vendor');
  return { ...row, serviceM8 };
}

/**
 * Suspends the vendor's automations with a reason the vendor sees (each new run is Skipped with it), or
 * resumes them. Suspending again replaces the reason.
 */
export async function setVendorSuspension(
  deps: Deps,
  caller: Caller,
  vendorId: string,
  request: SetVendorSuspensionRequest,
): Promise<AdminVendorDetail> {
  const db = deps.database.db;
  return db.transaction(async (tx) => {
    const current = await findVendor(tx, vendorId);
    if (!current) throw notFound('Vendor');
    const before = toVendor(current).automationsSuspended;
    const now = deps.clock.now();
    const suspension = request.suspended ? { reason: request.reason, at: now } : null;
    const row = (await setAutomationsSuspension(tx, vendorId, suspension)) ?? current;
    await recordAudit(tx, caller, now, {
      action: 'vendor.suspension',
      summary: request.suspended
        ? `Suspended ${row.name}'s automations: ${request.reason}`
        : `Resumed ${row.name}'s automations.`,
      vendorId,
      before: { suspended: before !== null, reason: before?.reason ?? null },
      after: { suspended: request.suspended, reason: request.suspended ? request.reason : null },
    });
    return describeVendor(deps, tx, toVendor(row));
  });
}
