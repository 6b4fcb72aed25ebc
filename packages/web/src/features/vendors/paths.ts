import { toSearchParams } from '@automate/contract';

/** The super admin's page of one vendor (it opens on the Triggers tab). */
export const adminVendorPath = (id: string) => `/admin/vendors/${encodeURIComponent(id)}`;

/** The super admin's list of every run, filtered to the vendor's (and to one status, when given). */
export function vendorRunsPath(vendorId: string, status?: string): string {
  const Filters = [
    { action: 'Eq' as const, field: 'vendorId', value: vendorId },
    ...(status ? [{ action: 'Eq' as const, field: 'status', value: status }] : []),
  ];
  return `/admin/automation/runs?${new URLSearchParams(toSearchParams({ Filters }))}`;
}
