import type { SearchFilter } from '@automate/contract';

/**
 * Query keys of the dashboard. They sit under the roots every view of triggers (`triggers`) and runs
 * (`trigger-runs`) uses, so a change made on the automation screens refreshes the dashboard too.
 */
export const dashboardKeys = {
  triggerCount: (vendorId: string, filters: readonly SearchFilter[]) =>
    ['triggers', 'dashboard', 'count', vendorId, filters] as const,
  attention: (vendorId: string) => ['triggers', 'dashboard', 'attention', vendorId] as const,
  /** Under the runs' root: what refreshes the runs refreshes the week's totals. */
  week: (vendorId: string) => ['trigger-runs', 'dashboard', 'week', vendorId] as const,
};

/** The vendor's trigger API (`/api/vendor/{vendorId}/Trigger…`; the client adds `/api`). */
export const triggerApi = (vendorId: string, rest: string) => `/vendor/${encodeURIComponent(vendorId)}/Trigger${rest}`;
