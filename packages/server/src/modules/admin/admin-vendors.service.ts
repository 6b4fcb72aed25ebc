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
import { notFound } from '../../http/app-error.ts';
import { runActivityOf } from '../automation/trigger-runs.service.ts';
import { connectionSummaryOf } from '../servicem8/connection-admin.service.ts';
import { enabledTriggerCounts } from '../triggers/trigger-lookups.service.ts';
import { getVendor, listVendors, setAutomationsSuspension, toVendor } from '../vendors/vendors.service.ts';

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
  vendorId: string,
  request: SetVendorSuspensionRequest,
): Promise<AdminVendorDetail> {
  const db = deps.database.db;
  return db.transaction(async (tx) => {
    const suspension = request.suspended ? { reason: request.reason, at: deps.clock.now() } : null;
    const row = await setAutomationsSuspension(tx, vendorId, suspension);
    if (!row) throw notFound('Vendor');
    return describeVendor(deps, tx, toVendor(row));
  });
}
