import { type SearchQueryInput, searchPage, toSearchParams, Vendor } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

const VendorPage = searchPage(Vendor);

/**
 * The super admin's vendor list is page 1, 200 per page, sorted by name ascending, filtered to
 * vendors with a current subscription.
 */
const VENDOR_SELECTOR_QUERY: SearchQueryInput = {
  PageNumber: 1,
  PageSize: 200,
  SortBy: 'name',
  SortDir: 'Ascending',
  Filters: [{ action: 'Eq', field: 'hasCurrentSubscription', value: true }],
};

export const VENDORS_LOAD_FAILED = 'Failed to load vendors.';

/** `GET /api/Vendor/search` (super admins only); the rows are read from `data.rows`. */
async function searchVendors(query: SearchQueryInput, signal?: AbortSignal): Promise<Vendor[]> {
  const page = await apiGet('/Vendor/search', VendorPage, { query: toSearchParams(query), signal });
  return page.rows;
}

function getVendorOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['vendors', 'selector', VENDOR_SELECTOR_QUERY],
    queryFn: ({ signal }) => searchVendors(VENDOR_SELECTOR_QUERY, signal),
    staleTime: 5 * 60_000,
  });
}

export function useVendorOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getVendorOptionsQueryOptions(), enabled });
}

/** Every vendor by name (up to 500), for the super admin's vendor filters. */
const ALL_VENDORS_QUERY: SearchQueryInput = { PageNumber: 1, PageSize: 500, SortBy: 'name', SortDir: 'Ascending' };

export function useAllVendorNames() {
  return useQuery({
    queryKey: ['vendors', 'names', ALL_VENDORS_QUERY],
    queryFn: ({ signal }) => searchVendors(ALL_VENDORS_QUERY, signal),
    staleTime: 60_000,
  });
}
