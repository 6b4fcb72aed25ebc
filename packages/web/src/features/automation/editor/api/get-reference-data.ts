import { Sm8ReferenceItem } from '@automate/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api-client.ts';
import { editorKeys } from './keys.ts';

export type ReferenceKind = 'badge' | 'queue' | 'category' | 'staff' | 'form' | 'formfield' | 'material';

/** The reference data by kind, sorted by name (form fields by their order in the form). */
export type ReferenceData = Readonly<Record<ReferenceKind, readonly Sm8ReferenceItem[]>>;

export const EMPTY_REFERENCE_DATA: ReferenceData = {
  badge: [],
  queue: [],
  category: [],
  staff: [],
  form: [],
  formfield: [],
  material: [],
};

/** The records by kind, in the order the server lists them for pickers. */
function groupReferenceItems(items: readonly Sm8ReferenceItem[]): ReferenceData {
  const of = (kind: ReferenceKind) => items.filter((item) => item.kind === kind);
  return {
    badge: of('badge'),
    queue: of('queue'),
    category: of('category'),
    staff: of('staff'),
    form: of('form'),
    formfield: of('formfield'),
    material: of('material'),
  };
}

/**
 * `GET /api/Vendor/{id}/servicem8/reference`: badges, queues, categories, staff, forms, form fields, materials,
 * each kind by name and form fields in their form's order.
 */
async function getReferenceData(vendorId: string, signal?: AbortSignal): Promise<ReferenceData> {
  const items = await apiGet(`/Vendor/${encodeURIComponent(vendorId)}/servicem8/reference`, z.array(Sm8ReferenceItem), {
    signal,
  });
  return groupReferenceItems(items);
}

export function getReferenceDataQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: editorKeys.reference(vendorId),
    queryFn: ({ signal }) => getReferenceData(vendorId, signal),
    staleTime: 60_000,
  });
}

export function useReferenceData(vendorId: string) {
  return useQuery(getReferenceDataQueryOptions(vendorId));
}
