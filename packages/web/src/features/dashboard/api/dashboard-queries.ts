import type { SearchFilter, SearchQueryInput, VendorMembership } from '@automate/contract';
import type { QueryClient } from '@tanstack/react-query';
import { subscriptionQueryOptions } from '@/lib/billing/subscription.ts';
import { runSearchQueryOptions } from '@/lib/runs/search-runs.ts';
import { chartStart } from '../components/dashboard-stats.ts';
import { countTriggersQueryOptions } from './count-triggers.ts';
import { triggersNeedingAttentionQueryOptions } from './triggers-needing-attention.ts';

/** What the dashboard asks the server: the same filters and queries for the page and for fetching ahead. */
export const ALL_TRIGGERS: readonly SearchFilter[] = [];
export const ACTIVE_TRIGGERS: readonly SearchFilter[] = [{ action: 'Eq', field: 'enabled', value: true }];
/** The runs search allows up to 500 a page: enough for a week's chart of most vendors. */
const CHART_PAGE = 500;

export const UPCOMING_QUERY: SearchQueryInput = {
  PageNumber: 1,
  PageSize: 5,
  SortBy: 'dueAt',
  SortDir: 'Ascending',
  Filters: [{ action: 'Eq', field: 'status', value: 'Scheduled' }],
};
export const FAILURES_QUERY: SearchQueryInput = {
  PageNumber: 1,
  PageSize: 5,
  SortBy: 'finishedAt',
  SortDir: 'Descending',
  Filters: [{ action: 'Eq', field: 'status', value: 'Failed' }],
};

/** Runs created since local midnight `CHART_DAYS - 1` days ago, newest first (so today is complete). */
export function chartQuery(now: Date): SearchQueryInput {
  return {
    PageNumber: 1,
    PageSize: CHART_PAGE,
    SortBy: 'createdAt',
    SortDir: 'Descending',
    Filters: [{ action: 'GtEq', field: 'createdAt', value: chartStart(now).toISOString() }],
  };
}

/** Billing is the Admins': the server refuses it to a User, so a User's dashboard never asks. */
export const readsSubscription = (vendor: VendorMembership) => vendor.role === 'Admin';

/**
 * Starts every request of `vendor`'s dashboard into `client` (those already cached and fresh are left
 * alone), so they travel while the page's code loads and renders instead of after it.
 */
export function prefetchDashboard(client: QueryClient, vendor: VendorMembership, now: Date): void {
  const { vendorId } = vendor;
  void client.prefetchQuery(countTriggersQueryOptions(vendorId, ALL_TRIGGERS));
  void client.prefetchQuery(countTriggersQueryOptions(vendorId, ACTIVE_TRIGGERS));
  void client.prefetchQuery(triggersNeedingAttentionQueryOptions(vendorId));
  void client.prefetchQuery(runSearchQueryOptions(vendorId, chartQuery(now)));
  void client.prefetchQuery(runSearchQueryOptions(vendorId, UPCOMING_QUERY));
  void client.prefetchQuery(runSearchQueryOptions(vendorId, FAILURES_QUERY));
  if (readsSubscription(vendor)) void client.prefetchQuery(subscriptionQueryOptions(vendorId));
}
