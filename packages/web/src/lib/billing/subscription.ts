import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { lazySchema } from '@/lib/lazy-schema.ts';

/**
 * The vendor's subscription, shared by every screen that shows it (the Account overview, checkout and
 * the dashboard's plan usage): one fetch serves them all, and invalidating the key refreshes each.
 * It sits under the billing root (`['billing']`), which checkout invalidates after a change of plan.
 */
export const subscriptionKey = (vendorId: string) => ['billing', 'subscription', vendorId] as const;

/** `GET /api/Accounting/product/sub/active` for `vendorId`: what `useSubscription` reads, to fetch it ahead. */
export function subscriptionQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: subscriptionKey(vendorId),
    queryFn: ({ signal }) =>
      apiGet('/Accounting/product/sub/active', lazySchema('ActiveSubscription'), {
        signal,
        headers: { 'x-vendor-id': vendorId },
      }),
  });
}

const LIVE_STATUSES = new Set(['trialing', 'active', 'past_due']);

/**
 * `GET /api/Accounting/product/sub/active` (Admins of the vendor, SuperAdmins): the vendor's subscription
 * with its usage this period, or null when it never had one. The vendor is named explicitly, so a
 * SuperAdmin can look at any. `awaitingPayment`: just paid, so ask again every 1.5 s until the payment
 * provider's confirmation has made it live. `enabled: false` asks nothing (a User may not see billing).
 */
export function useSubscription(vendorId: string, options: { awaitingPayment?: boolean; enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      ...subscriptionQueryOptions(vendorId),
      enabled: options.enabled ?? true,
      refetchInterval: (query) =>
        options.awaitingPayment && !LIVE_STATUSES.has(query.state.data?.status ?? '') ? 1500 : false,
    }),
  );
}
