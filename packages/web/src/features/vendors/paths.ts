import { toSearchParams } from '@automate/contract';

/** The super admin's page of one vendor (it opens on the Triggers tab). */
export const adminVendorPath = (id: string) => `/admin/vendors/${encodeURIComponent(id)}`;

const ACTIVITY_DAYS = 30;

/**
 * The super admin's list of every run, filtered to the vendor's runs of the last 30 days (the activity
 * its figures count), and to one status when given.
 */
export function vendorRunsPath(vendorId: string, status?: string, now = Date.now()): string {
  const since = new Date(now - ACTIVITY_DAYS * 86_400_000).toISOString();
  const Filters = [
    { action: 'Eq' as const, field: 'vendorId', value: vendorId },
    ...(status ? [{ action: 'Eq' as const, field: 'status', value: status }] : []),
    { action: 'GtEq' as const, field: 'createdAt', value: since },
  ];
  return `/admin/automation/runs?${new URLSearchParams(toSearchParams({ Filters }))}`;
}
