import { describe, expect, it } from 'vitest';
import { SearchQuery } from './search.ts';
import { toSearchParams } from './search-params.ts';

describe('SearchQuery', () => {
  it('fills in page 1 of 50, ascending, when nothing is given', () => {
    expect(SearchQuery.parse({})).toEqual({ PageNumber: 1, PageSize: 50, SortDir: 'Ascending' });
  });

  it('reads what toSearchParams wrote, filters included', () => {
    const query = {
      PageNumber: 2,
      PageSize: 200,
      SortBy: 'name',
      SortDir: 'Descending' as const,
      Filters: [
        { action: 'Eq' as const, field: 'hasCurrentSubscription', value: true },
        { action: 'ILike' as const, field: 'name', value: 'plumb' },
      ],
    };
    expect(SearchQuery.parse(toSearchParams(query))).toEqual(query);
  });

  it('leaves an empty filter list out of the URL', () => {
    expect(toSearchParams({ PageNumber: 1, Filters: [] })).toEqual({ PageNumber: '1' });
  });

  it('rejects an unknown filter operator and a page size over 500', () => {
    const unknownOperator = SearchQuery.safeParse({ Filters: '[{"action":"Between","field":"a","value":1}]' });
    expect(unknownOperator.success).toBe(false);
    const tooBig = SearchQuery.safeParse({ PageSize: '501' });
    expect(tooBig.error?.issues[0]?.message).toBe('PageSize must be at most 500.');
  });
});
