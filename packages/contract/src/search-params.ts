import type { SearchQueryInput } from './search.ts';

// Apart from search.ts, whose schemas bring zod: the web app builds its search URLs before it loads zod.

/** Serialises a search for a URL query string, the one way the web client and tests build it. */
export function toSearchParams(query: SearchQueryInput): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.PageNumber !== undefined) params.PageNumber = String(query.PageNumber);
  if (query.PageSize !== undefined) params.PageSize = String(query.PageSize);
  if (query.SortBy !== undefined) params.SortBy = query.SortBy;
  if (query.SortDir !== undefined) params.SortDir = query.SortDir;
  if (query.Filters !== undefined && query.Filters.length > 0) params.Filters = JSON.stringify(query.Filters);
  if (query.Cursor !== undefined) params.Cursor = query.Cursor;
  return params;
}
