import type { SearchQueryInput } from '@automate/contract';
import type { QueryClient } from '@tanstack/react-query';
import { runSearchKey } from '@/lib/runs/search-runs.ts';

/**
 * Query keys of the automation feature. Every view of triggers starts with `triggers` and every view of
 * runs with `trigger-runs` (the dashboard's own queries too), so refreshing a root refreshes them all.
 */
export const automationKeys = {
  triggers: {
    all: ['triggers'] as const,
    searches: ['triggers', 'search'] as const,
    search: (vendorId: string, query: SearchQueryInput) => ['triggers', 'search', vendorId, query] as const,
    details: ['triggers', 'detail'] as const,
    detail: (vendorId: string, triggerId: string) => ['triggers', 'detail', vendorId, triggerId] as const,
  },
  runs: {
    all: ['trigger-runs'] as const,
    searches: ['trigger-runs', 'search'] as const,
    search: runSearchKey,
    details: ['trigger-runs', 'detail'] as const,
    detail: (vendorId: string, runId: string) => ['trigger-runs', 'detail', vendorId, runId] as const,
  },
};

/**
 * After a trigger changed: every list, count and summary of triggers loads again (any feature's, not the
 * trigger's own entry, which the caller sets from the answer or leaves alone after a delete).
 */
export async function refreshTriggerViews(client: QueryClient): Promise<void> {
  await client.invalidateQueries({
    queryKey: automationKeys.triggers.all,
    predicate: (query) => query.queryKey[1] !== 'detail',
  });
}

/** After a run changed (cancelled) or runs went away (trigger deleted): every view of runs loads again. */
export async function refreshRunViews(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: automationKeys.runs.all });
}
