import {
  type FilterOperator,
  type FilterValue,
  PAGE_SIZE_MAX,
  SearchFilter,
  type SearchQueryInput,
  SortDirection,
  toSearchParams,
} from '@automate/contract';
import { z } from 'zod';

/**
 * The state of a search screen (page, page size, sort, filters), kept in the page's URL with the same
 * keys the `…/search` endpoints take (`PageNumber`, `PageSize`, `SortBy`, `SortDir`, `Filters` as JSON),
 * as the sidebar's Automation link does. Links can be shared, and Back undoes a change of page or sort.
 */
export type SearchState = {
  PageNumber: number;
  PageSize: number;
  SortBy: string;
  SortDir: SortDirection;
  Filters: SearchFilter[];
};

export type SearchDefaults = {
  PageSize: number;
  SortBy: string;
  SortDir: SortDirection;
  /** The fields the screen can sort by; any other `SortBy` in the URL falls back to the default. */
  sortable: readonly string[];
  /** The filters of a URL without `Filters` (a screen that opens filtered); none by default. */
  Filters?: readonly SearchFilter[];
};

const FilterList = z.array(SearchFilter);

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 ? number : null;
}

function readFilters(value: string | null): SearchFilter[] {
  if (value === null || value.trim() === '') return [];
  try {
    const parsed = FilterList.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Reads the search from a URL's query; anything missing or malformed takes the screen's default. */
export function readSearchState(params: URLSearchParams, defaults: SearchDefaults): SearchState {
  const pageSize = positiveInt(params.get('PageSize'));
  const sortBy = params.get('SortBy');
  const sortDir = SortDirection.safeParse(params.get('SortDir'));
  return {
    PageNumber: positiveInt(params.get('PageNumber')) ?? 1,
    PageSize: pageSize !== null && pageSize <= PAGE_SIZE_MAX ? pageSize : defaults.PageSize,
    SortBy: sortBy !== null && defaults.sortable.includes(sortBy) ? sortBy : defaults.SortBy,
    SortDir: sortDir.success ? sortDir.data : defaults.SortDir,
    Filters: params.has('Filters') ? readFilters(params.get('Filters')) : [...(defaults.Filters ?? [])],
  };
}

/**
 * The query string for a search state (the contract's serialisation). On a screen that opens filtered
 * (`defaults.Filters`), no filter at all is written as `Filters=[]`, so it does not read back as the default.
 */
export function writeSearchState(state: SearchState, defaults?: SearchDefaults): URLSearchParams {
  const params = new URLSearchParams(toSearchParams(state));
  if (state.Filters.length === 0 && (defaults?.Filters?.length ?? 0) > 0) params.set('Filters', '[]');
  return params;
}

/** What the endpoint receives. */
export function toSearchQuery(state: SearchState): SearchQueryInput {
  return { ...state, Filters: [...state.Filters] };
}

/** The value of the filter on `field` (and `action`, when given), if there is one. */
export function filterValue(filters: readonly SearchFilter[], field: string, action?: FilterOperator): FilterValue {
  const found = filters.find((filter) => filter.field === field && (action === undefined || filter.action === action));
  return found === undefined ? null : found.value;
}

/**
 * The filters with the one on `field` replaced: `value` null, undefined or a blank string removes it.
 */
export function withFilter(
  filters: readonly SearchFilter[],
  field: string,
  action: FilterOperator,
  value: FilterValue | undefined,
): SearchFilter[] {
  const others = filters.filter((filter) => filter.field !== field);
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return others;
  return [...others, { action, field, value: typeof value === 'string' ? value.trim() : value }];
}

export type SearchChange =
  | { kind: 'page'; pageNumber: number }
  | { kind: 'pageSize'; pageSize: number }
  | { kind: 'sort'; sortBy: string; sortDir: SortDirection }
  | { kind: 'filter'; field: string; action: FilterOperator; value: FilterValue | undefined }
  /** Several filters at once, each as `filter` changes one: a filter that depends on another goes with it. */
  | { kind: 'filters'; changes: ReadonlyArray<Omit<Extract<SearchChange, { kind: 'filter' }>, 'kind'>> };

/** The next state: a new page keeps the rest; a new page size, sort or filter starts again at page 1. */
export function changeSearch(state: SearchState, change: SearchChange): SearchState {
  switch (change.kind) {
    case 'page':
      return { ...state, PageNumber: Math.max(1, Math.floor(change.pageNumber)) };
    case 'pageSize':
      return { ...state, PageNumber: 1, PageSize: change.pageSize };
    case 'sort':
      return { ...state, PageNumber: 1, SortBy: change.sortBy, SortDir: change.sortDir };
    case 'filter':
      return { ...state, PageNumber: 1, Filters: withFilter(state.Filters, change.field, change.action, change.value) };
    case 'filters':
      return {
        ...state,
        PageNumber: 1,
        Filters: change.changes.reduce<SearchFilter[]>(
          (filters, { field, action, value }) => withFilter(filters, field, action, value),
          [...state.Filters],
        ),
      };
  }
}

/** Clicking a column header: a new column sorts ascending; the sorted column flips its direction. */
export function nextSort(
  state: Pick<SearchState, 'SortBy' | 'SortDir'>,
  field: string,
): Pick<SearchState, 'SortBy' | 'SortDir'> {
  if (state.SortBy !== field) return { SortBy: field, SortDir: 'Ascending' };
  return { SortBy: field, SortDir: state.SortDir === 'Ascending' ? 'Descending' : 'Ascending' };
}
