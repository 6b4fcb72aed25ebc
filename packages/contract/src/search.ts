import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants.ts';
import { FilterOperator, SortDirection } from './enums.ts';

/** The query every `…/search` endpoint accepts. */

export const FilterValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type FilterValue = z.infer<typeof FilterValue>;

export const SearchFilter = z.object({
  action: FilterOperator,
  field: z.string().min(1, 'A filter needs a field name.'),
  value: FilterValue,
});
export type SearchFilter = z.infer<typeof SearchFilter>;

const filtersFromJson = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Filters must be a JSON array of {action, field, value}.' });
      return z.NEVER;
    }
  })
  .pipe(z.array(SearchFilter, { error: 'Filters must be a JSON array of {action, field, value}.' }));

export const SearchQuery = z.object({
  PageNumber: z.coerce
    .number({ error: 'PageNumber must be a whole number of 1 or more.' })
    .int('PageNumber must be a whole number of 1 or more.')
    .min(1, 'PageNumber must be a whole number of 1 or more.')
    .default(1),
  PageSize: z.coerce
    .number({ error: `PageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}.` })
    .int(`PageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}.`)
    .min(1, `PageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}.`)
    .max(PAGE_SIZE_MAX, `PageSize must be at most ${PAGE_SIZE_MAX}.`)
    .default(PAGE_SIZE_DEFAULT),
  SortBy: z.string().min(1).optional(),
  SortDir: SortDirection.default('Ascending'),
  Filters: filtersFromJson.optional(),
});
/** The parsed query, as services receive it. */
export type SearchQuery = z.output<typeof SearchQuery>;
/** What a caller sends; everything is optional. `Cursor` only for searches that page by cursor. */
export type SearchQueryInput = {
  PageNumber?: number;
  PageSize?: number;
  SortBy?: string;
  SortDir?: SortDirection;
  Filters?: SearchFilter[];
  Cursor?: string;
};

/**
 * The query of a search that pages by cursor (the runs): `SearchQuery`, plus `Cursor`, the
 * `nextCursor` of the page before, to continue after its last row. `PageNumber` then only names the
 * page; without `Cursor` it pages by offset as every search does.
 */
export const CursorSearchQuery = SearchQuery.extend({
  Cursor: z
    .string()
    .max(2000, 'Cursor must be the nextCursor of a page.')
    .regex(/^[A-Za-z0-9_-]+$/, 'Cursor must be the nextCursor of a page.')
    .optional()
    .describe(
      'The nextCursor of the page before, to get the page after it (with the same SortBy, SortDir, ' +
        'Filters and PageSize). Without it, PageNumber pages by offset.',
    ),
});
export type CursorSearchQuery = z.output<typeof CursorSearchQuery>;
