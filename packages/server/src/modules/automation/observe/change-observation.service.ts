import type { Deps } from '../../../deps.ts';
import { isWatchedObject, type WatchedObject } from '../../../engine/events/derive-events.ts';
import { inSpan } from '../../../observability/tracing.ts';
import { sm8ClientFor, sm8ConnectionOf } from '../../servicem8/sm8-access.ts';
import { type ListedChanges, observeChangesSince } from './reconciliation.service.ts';

/**
 * How far ServiceM8's clock and ours may differ: a listing that began this much after a change (by the
 * time the delivery gives, plus the second it is rounded to) shows it.
 */
const CLOCK_MARGIN_MS = 5_000;

/** After ServiceM8 ignored the `edit_date` filter for a vendor, its deliveries are read record by record for a while. */
const FILTER_IGNORED_PAUSE_MS = 60 * 60_000;

type Listing = { startedAt: Date; done: Promise<ListedChanges> };

/** The listing under way in this process of each vendor and object, and when the last one that finished began. */
const listingsUnderWay = new Map<string, Listing>();
const lastListingStarted = new Map<string, Date>();
const filterIgnoredUntil = new Map<string, number>();

/**
 * A delivery is a doorbell: it says the vendor's records of one object changed. One list call answers
 * every record of that object changed since the newest `edit_date` seen, and each is observed: its
 * events derived, stored and matched, and a run due now started on that very read. A burst (a vendor
 * moves 500 jobs at once) then costs a list call per page and per wave of deliveries, not a read per
 * job: each later delivery finds its record seen after it arrived and reads nothing. In this process
 * listings are shared: a delivery that arrived before one under way started waits for it, and one
 * that arrived before the last listing started is answered by it. ServiceM8 ignoring the filter (it
 * answers older records) stops the listing, and the delivery reads its records one by one.
 */
export function observeChangedObject(
  deps: Deps,
  delivery: { vendorId: string; object: string; receivedAt: Date; changedAt?: Date | null },
): Promise<'listed' | 'covered' | 'record-by-record'> {
  // A listing is shared: the spans of its calls and matching belong to the delivery that started it.
  return inSpan(
    'automation.observe',
    { 'automate.vendor_id': delivery.vendorId, 'automate.object': delivery.object },
    () => observeObject(deps, delivery),
  );
}

async function observeObject(
  deps: Deps,
  delivery: { vendorId: string; object: string; receivedAt: Date; changedAt?: Date | null },
): Promise<'listed' | 'covered' | 'record-by-record'> {
  const { vendorId, object } = delivery;
  // The change happened before the delivery arrived, and by its own time a little earlier still.
  const changedBy = delivery.changedAt
    ? new Date(Math.min(delivery.receivedAt.getTime(), delivery.changedAt.getTime() + 1000 + CLOCK_MARGIN_MS))
    : delivery.receivedAt;
  if (!isWatchedObject(object)) return 'record-by-record';
  const key = `${vendorId}/${object}`;
  if ((filterIgnoredUntil.get(key) ?? 0) > deps.clock.now().getTime()) return 'record-by-record';
  for (;;) {
    // A listing that began after the delivery arrived shows its change, and the changes before it: a record it
    // did not answer last changed before the newest change seen by then, which an earlier listing observed.
    const lastStarted = lastListingStarted.get(key);
    if (lastStarted && lastStarted > changedBy) return 'covered';
    const underWay = listingsUnderWay.get(key);
    if (!underWay) break;
    // Deliveries arriving while a listing runs wait for it, then share the next one.
    await underWay.done.catch(() => {});
  }
  const listing: Listing = { startedAt: deps.clock.now(), done: listChanges(deps, vendorId, object) };
  listingsUnderWay.set(key, listing);
  try {
    const listed = await listing.done;
    if (listed.filterIgnored) {
      filterIgnoredUntil.set(key, deps.clock.now().getTime() + FILTER_IGNORED_PAUSE_MS);
      return 'record-by-record';
    }
    lastListingStarted.set(key, listing.startedAt);
    return 'listed';
  } finally {
    if (listingsUnderWay.get(key) === listing) listingsUnderWay.delete(key);
  }
}

async function listChanges(deps: Deps, vendorId: string, object: WatchedObject): Promise<ListedChanges> {
  const connection = await sm8ConnectionOf(deps, vendorId);
  const client = sm8ClientFor(deps, connection);
  return observeChangesSince(deps, { client, connection, vendorId, object, ifIgnored: 'stop' });
}
