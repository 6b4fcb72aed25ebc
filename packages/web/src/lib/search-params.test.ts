import { describe, expect, it } from 'vitest';
import {
  changeSearch,
  filterValue,
  nextSort,
  readSearchState,
  type SearchDefaults,
  type SearchState,
  withFilter,
  writeSearchState,
} from './search-params.ts';

const DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'updated',
  SortDir: 'Descending',
  sortable: ['title', 'updated'],
};
const read = (query: string) => readSearchState(new URLSearchParams(query), DEFAULTS);

describe('search state in the URL', () => {
  it('takes the defaults for an empty query', () => {
    expect(read('')).toEqual({ PageNumber: 1, PageSize: 25, SortBy: 'updated', SortDir: 'Descending', Filters: [] });
  });

  it('reads the keys the search endpoints take', () => {
    const filters = [{ action: 'ILike', field: 'title', value: 'badge' }];
    const state = read(
      `PageNumber=3&PageSize=10&SortBy=title&SortDir=Ascending&Filters=${encodeURIComponent(JSON.stringify(filters))}`,
    );
    expect(state).toEqual({ PageNumber: 3, PageSize: 10, SortBy: 'title', SortDir: 'Ascending', Filters: filters });
  });

  it('falls back to the default for anything malformed', () => {
    expect(read('PageNumber=0&PageSize=9999&SortBy=password&SortDir=Up&Filters=%5Bnot-json')).toEqual(read(''));
    expect(read('PageNumber=-2&PageSize=1.5').PageNumber).toBe(1);
    expect(read('Filters=%5B%7B%22field%22%3A%22title%22%7D%5D').Filters).toEqual([]);
  });

  it('writes what it reads', () => {
    const state: SearchState = {
      PageNumber: 2,
      PageSize: 50,
      SortBy: 'title',
      SortDir: 'Ascending',
      Filters: [{ action: 'Eq', field: 'published', value: false }],
    };
    expect(readSearchState(writeSearchState(state), DEFAULTS)).toEqual(state);
  });

  it('opens a screen with default filters filtered, and keeps "no filter" once chosen', () => {
    const subscribed = { action: 'Eq', field: 'hasCurrentSubscription', value: true } as const;
    const defaults: SearchDefaults = { ...DEFAULTS, Filters: [subscribed] };
    expect(readSearchState(new URLSearchParams(''), defaults).Filters).toEqual([subscribed]);
    const unfiltered = { ...readSearchState(new URLSearchParams(''), defaults), Filters: [] };
    const written = writeSearchState(unfiltered, defaults);
    expect(written.get('Filters')).toBe('[]');
    expect(readSearchState(written, defaults).Filters).toEqual([]);
  });
});

describe('changing a search', () => {
  const state = read('PageNumber=4&PageSize=10');

  it('keeps the rest when the page changes', () => {
    expect(changeSearch(state, { kind: 'page', pageNumber: 5 })).toMatchObject({ PageNumber: 5, PageSize: 10 });
  });

  it('starts again at page 1 for a new page size, sort or filter', () => {
    expect(changeSearch(state, { kind: 'pageSize', pageSize: 50 })).toMatchObject({ PageNumber: 1, PageSize: 50 });
    expect(changeSearch(state, { kind: 'sort', sortBy: 'title', sortDir: 'Ascending' })).toMatchObject({
      PageNumber: 1,
      SortBy: 'title',
    });
    const filtered = changeSearch(state, { kind: 'filter', field: 'title', action: 'ILike', value: ' tank ' });
    expect(filtered.PageNumber).toBe(1);
    expect(filtered.Filters).toEqual([{ action: 'ILike', field: 'title', value: 'tank' }]);
  });

  it('replaces a field’s filter, and a blank value removes it', () => {
    const one = withFilter([], 'category', 'Eq', 'billing');
    const two = withFilter(one, 'published', 'Eq', true);
    expect(withFilter(two, 'category', 'Eq', 'legal')).toEqual([
      { action: 'Eq', field: 'published', value: true },
      { action: 'Eq', field: 'category', value: 'legal' },
    ]);
    expect(withFilter(two, 'category', 'Eq', '  ')).toEqual([{ action: 'Eq', field: 'published', value: true }]);
    expect(withFilter(two, 'published', 'Eq', null)).toEqual(one);
    expect(filterValue(two, 'published')).toBe(true);
    expect(filterValue(two, 'title')).toBeNull();
  });

  it('changes several filters in one step, back at page 1', () => {
    const filtered = changeSearch(read('PageNumber=3&Filters=[{"action":"Eq","field":"triggerId","value":"t-1"}]'), {
      kind: 'filters',
      changes: [
        { field: 'vendorId', action: 'Eq', value: 'v-2' },
        { field: 'triggerId', action: 'Eq', value: null },
      ],
    });
    expect(filtered.PageNumber).toBe(1);
    expect(filtered.Filters).toEqual([{ action: 'Eq', field: 'vendorId', value: 'v-2' }]);
  });

  it('sorts a new column ascending and flips the sorted one', () => {
    expect(nextSort({ SortBy: 'updated', SortDir: 'Descending' }, 'title')).toEqual({
      SortBy: 'title',
      SortDir: 'Ascending',
    });
    expect(nextSort({ SortBy: 'title', SortDir: 'Ascending' }, 'title')).toEqual({
      SortBy: 'title',
      SortDir: 'Descending',
    });
  });
});
