import type {
  CursorSearchPage,
  CursorSearchQuery,
  FilterOperator,
  FilterValue,
  SearchFilter,
  SearchPage,
  SearchQuery,
  SortDirection,
} from '@automate/contract';
import {
  and,
  asc,
  Column,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  is,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  SQL,
  sql,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import type { Db } from './database.ts';

/**
 * The one implementation of the search query every `…/search` call accepts (`SearchQuery`). Each resource declares which fields may be
 * sorted and filtered and what kind of value each holds; anything else is refused with a 400 that
 * names the field. Like and ILike mean "contains" (the value's own % and _ are matched literally).
 */

type FieldKind = 'text' | 'number' | 'boolean' | 'timestamp' | 'uuid' | 'enum';

type SearchField = {
  /** A column, or an SQL expression for a computed field. */
  source: Column | SQL;
  kind: FieldKind;
  sortable?: boolean;
  filterable?: boolean;
  /** For `enum` fields: the accepted values. */
  values?: readonly string[];
  /**
   * For a field whose value another module provides per key (`lookupValue`): the key column and the
   * values of every key the rows can have. `runCursorSearch` then sorts by it key by key (in the
   * values' order), each through an index on the key, instead of computing the value for every row.
   */
  lookup?: { key: Column; values: ReadonlyMap<string, string> };
};

export type SearchSpec = {
  /** The plural noun used in messages: "You cannot sort users by …". */
  resource: string;
  fields: Record<string, SearchField>;
  defaultSort: { field: string; direction: SortDirection };
  /** A unique column appended to every ORDER BY so pages never overlap or skip rows. */
  tiebreaker: Column;
  /**
   * For `runCursorSearch`: the field that orders rows with the same value of the sorted field, before
   * the tiebreaker (itself when sorting by it). The whole order then runs in the sort's direction,
   * so one index on (sorted field, thenBy, tiebreaker) serves a page in either direction.
   */
  thenBy?: string;
};

type CompiledSearch = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };

const OPERATORS_BY_KIND: Record<FieldKind, readonly FilterOperator[]> = {
  text: ['Eq', 'NEq', 'Gt', 'Lt', 'GtEq', 'LtEq', 'Like', 'ILike'],
  number: ['Eq', 'NEq', 'Gt', 'Lt', 'GtEq', 'LtEq'],
  timestamp: ['Eq', 'NEq', 'Gt', 'Lt', 'GtEq', 'LtEq'],
  boolean: ['Eq', 'NEq'],
  uuid: ['Eq', 'NEq'],
  enum: ['Eq', 'NEq'],
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function compileSearch(spec: SearchSpec, query: SearchQuery): CompiledSearch {
  const { field, direction } = chosenSort(spec, query);
  const order = direction === 'Descending' ? desc : asc;
  return {
    where: compileFilters(spec, query),
    orderBy: [order(field.source), asc(spec.tiebreaker)],
    limit: query.PageSize,
    offset: (query.PageNumber - 1) * query.PageSize,
  };
}

function compileFilters(spec: SearchSpec, query: SearchQuery): SQL | undefined {
  const conditions = (query.Filters ?? []).map((filter) => compileFilter(spec, filter));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The field to sort by (its name as the spec spells it) and the direction; an unknown field is a 400. */
function chosenSort(spec: SearchSpec, query: SearchQuery) {
  const sortName = query.SortBy ?? spec.defaultSort.field;
  const direction = query.SortBy ? query.SortDir : spec.defaultSort.direction;
  const [name, field] = findField(spec, sortName, 'sortable') ?? [];
  if (!field || !name) {
    throw new AppError(
      'VALIDATION_FAILED',
      `You cannot sort ${spec.resource} by "${sortName}". Sortable fields: ${listFields(spec, 'sortable')}.`,
      { fieldErrors: { SortBy: [`"${sortName}" is not a sortable field.`] } },
    );
  }
  return { name, field, direction };
}

/**
 * Runs a compiled search: `fetchRows` and `countRows` build the query (joins, selection) and add
 * `where`, which already holds the scope (the tenant condition) and the caller's filters.
 */
export async function runSearch<Row>(options: {
  spec: SearchSpec;
  query: SearchQuery;
  scope?: SQL | undefined;
  fetchRows(page: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }): Promise<Row[]>;
  countRows(where: SQL | undefined): Promise<number>;
}): Promise<SearchPage<Row>> {
  const compiled = compileSearch(options.spec, options.query);
  const where = and(options.scope, compiled.where);
  const [rows, total] = await Promise.all([options.fetchRows({ ...compiled, where }), options.countRows(where)]);
  return { rows, total, pageNumber: options.query.PageNumber, pageSize: options.query.PageSize };
}

/**
 * A search whose pages cost the same however deep they are, for lists that grow without bound:
 *
 * - The order is the sorted field, then `spec.thenBy`, then the tiebreaker, all in the sort's
 *   direction, so an index on those columns (after the scope's) delivers a page without sorting.
 * - With `Cursor` (the `nextCursor` of the page before) the page starts after that page's last row
 *   (keyset paging: no OFFSET, no rows skipped or repeated when rows are added meanwhile); without it,
 *   `PageNumber` pages by offset as `runSearch` does. `nextCursor` is null on the last page.
 * - Matching rows are counted up to `countCap` only: with more, `total` is the cap and `totalCapped`
 *   is true, so the count costs at most `countCap` index entries.
 * - Sorting by a field with a `lookup` goes key by key (`fetchInLookupOrder`).
 *
 * `fetchRows` must select the `keys` it is given alongside its columns: they are the page's sort
 * values as text, from which the next cursor is made, and are removed from the rows it answers.
 */
export async function runCursorSearch<Row>(options: {
  spec: SearchSpec;
  query: CursorSearchQuery;
  scope?: SQL | undefined;
  countCap: number;
  fetchRows(page: {
    where: SQL | undefined;
    orderBy: SQL[];
    limit: number;
    offset: number;
    keys: Record<string, SQL>;
  }): Promise<Array<Row & Record<string, unknown>>>;
  /** How many rows match `where`, counting no further than `limit`. */
  countRows(where: SQL | undefined, limit: number): Promise<number>;
}): Promise<CursorSearchPage<Row>> {
  const { spec, query, countCap } = options;
  const { name, field, direction } = chosenSort(spec, query);
  const descending = direction === 'Descending';
  const order = descending ? desc : asc;
  const keys = sortKeys(spec, name, field);
  const matching = and(options.scope, compileFilters(spec, query));
  const cursor = query.Cursor ? readCursor(query.Cursor, { name, direction, keys }) : undefined;
  const keyNames = keys.map((_, index) => `cursorKey${index}`);
  const page = {
    // One row more than the page says whether there is a next page.
    limit: query.PageSize + 1,
    offset: query.Cursor ? 0 : (query.PageNumber - 1) * query.PageSize,
    keys: Object.fromEntries(keys.map((key, index) => [keyNames[index], keyText(key)])),
  };
  const [fetched, counted] = await Promise.all([
    field.lookup
      ? fetchInLookupOrder({
          lookup: field.lookup,
          keys,
          cursor,
          descending,
          matching,
          page,
          fetchRows: options.fetchRows,
        })
      : options.fetchRows({
          ...page,
          where: and(matching, cursor ? afterKeys(keys, cursor, descending) : undefined),
          orderBy: keys.map((key) => order(key.source)),
        }),
    options.countRows(matching, countCap + 1),
  ]);
  const rows = fetched.slice(0, query.PageSize);
  const last = rows.at(-1);
  const nextCursor =
    fetched.length > query.PageSize && last
      ? writeCursor({ name, direction, values: keyNames.map((key) => (last[key] ?? null) as string | null) })
      : null;
  for (const row of rows) for (const key of keyNames) delete row[key];
  return {
    rows,
    total: Math.min(counted, countCap),
    totalCapped: counted > countCap,
    pageNumber: query.PageNumber,
    pageSize: query.PageSize,
    nextCursor,
  };
}

/**
 * A page sorted by a lookup field: key by key in the order of their values (then the key), each
 * key's rows in the order of the remaining sort keys, one query per key until the page is full.
 * Each query is a range of an index on (scope, key, thenBy, tiebreaker); a key without rows costs
 * one empty range. Rows whose key the lookup does not name are not listed.
 */
async function fetchInLookupOrder<Row>(options: {
  lookup: NonNullable<SearchField['lookup']>;
  keys: SortKey[];
  cursor: Array<string | null> | undefined;
  descending: boolean;
  matching: SQL | undefined;
  page: { limit: number; offset: number; keys: Record<string, SQL> };
  fetchRows: Parameters<typeof runCursorSearch<Row>>[0]['fetchRows'];
}): Promise<Array<Row & Record<string, unknown>>> {
  const { lookup, cursor, descending, page } = options;
  const rest = options.keys.slice(1);
  const order = descending ? desc : asc;
  const collator = new Intl.Collator('en');
  const ordered = [...lookup.values]
    .sort(([keyA, a], [keyB, b]) => collator.compare(a, b) || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .map(([key]) => key);
  if (descending) ordered.reverse();
  let start = 0;
  if (cursor) {
    start = ordered.indexOf(cursor[0] ?? '');
    if (start === -1) {
      throw new AppError(
        'VALIDATION_FAILED',
        'The cursor cannot be used: the row it ended at is gone; start again from the first page.',
        {
          fieldErrors: { Cursor: ['The row the cursor ended at is gone.'] },
        },
      );
    }
  }
  const rows: Array<Row & Record<string, unknown>> = [];
  let skip = page.offset;
  for (let index = start; index < ordered.length && rows.length < page.limit; index++) {
    const within = index === start && cursor ? afterKeys(rest, cursor.slice(1), descending) : undefined;
    const fetched = await options.fetchRows({
      where: and(options.matching, eq(lookup.key, ordered[index] ?? ''), within),
      orderBy: rest.map((key) => order(key.source)),
      limit: skip + page.limit - rows.length,
      offset: 0,
      keys: page.keys,
    });
    rows.push(...fetched.slice(skip));
    skip = Math.max(0, skip - fetched.length);
  }
  return rows;
}

/** How many rows of `table` match `where`, counting no further than `limit`. */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, limit: number): Promise<number> {
  const matching = db.select({ one: sql`1` }).from(table).where(where).limit(limit).as('matching');
  const [row] = await db.select({ total: count() }).from(matching);
  return row?.total ?? 0;
}

type SortKey = { source: Column | SQL; kind: FieldKind; values?: readonly string[] | undefined; nullable: boolean };

/** The sorted field, `thenBy` unless it is the sorted field, and the tiebreaker. */
function sortKeys(spec: SearchSpec, name: string, field: SearchField): SortKey[] {
  const key = (source: Column | SQL, kind: FieldKind, values?: readonly string[]): SortKey => ({
    source,
    kind,
    values,
    nullable: !is(source, Column) || !source.notNull,
  });
  // A lookup field sorts by its key (see fetchInLookupOrder); the cursor names the key.
  const keys = field.lookup
    ? [key(field.lookup.key, columnKind(field.lookup.key))]
    : [key(field.source, field.kind, field.values)];
  const thenBy = spec.thenBy === undefined || spec.thenBy === name ? undefined : spec.fields[spec.thenBy];
  if (thenBy) keys.push(key(thenBy.source, thenBy.kind, thenBy.values));
  keys.push(key(spec.tiebreaker, columnKind(spec.tiebreaker)));
  return keys;
}

/** What a cursor may carry for a key column that is not a search field: an id, or any text. */
function columnKind(column: Column): FieldKind {
  return column.columnType === 'PgUUID' ? 'uuid' : 'text';
}

/** A sort value as text that reads back exactly: timestamps to the microsecond, in UTC. */
function keyText(key: SortKey): SQL {
  return key.kind === 'timestamp'
    ? sql`to_char(${key.source} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql`${key.source}::text`;
}

/**
 * The rows that come after `values` in the order of `keys`. PostgreSQL sorts NULL after every value
 * ascending and before every value descending, so NULL counts as the greatest value here too. Keys
 * that cannot be NULL compare as one row value, which an index on them answers as a range.
 */
function afterKeys(keys: SortKey[], values: Array<string | null>, descending: boolean): SQL {
  const value = (index: number) => {
    const text = values[index];
    return keys[index]?.kind === 'timestamp' ? sql`${text}::timestamptz` : sql`${text}`;
  };
  if (keys.every((key) => !key.nullable)) {
    const left = sql.join(
      keys.map((key) => sql`${key.source}`),
      sql`, `,
    );
    const right = sql.join(
      keys.map((_, index) => value(index)),
      sql`, `,
    );
    return descending ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  const from = (index: number): SQL => {
    const key = keys[index] as SortKey;
    const isNull = values[index] === null;
    const beyond = descending
      ? isNull
        ? key.nullable
          ? sql`${key.source} is not null`
          : sql`true`
        : sql`${key.source} < ${value(index)}`
      : isNull
        ? sql`false`
        : key.nullable
          ? sql`(${key.source} > ${value(index)} or ${key.source} is null)`
          : sql`${key.source} > ${value(index)}`;
    if (index === keys.length - 1) return beyond;
    const same = isNull ? sql`${key.source} is null` : sql`${key.source} = ${value(index)}`;
    return sql`(${beyond} or (${same} and ${from(index + 1)}))`;
  };
  // Descending past a value, every later row has at most that value: a range an index can start from.
  const first = keys[0] as SortKey;
  const bound = descending && values[0] !== null ? sql`${first.source} <= ${value(0)} and ` : sql``;
  return sql`(${bound}${from(0)})`;
}

const CursorBody = z.object({
  s: z.string(),
  d: z.enum(['Ascending', 'Descending']),
  k: z.array(z.string().nullable()),
});

function writeCursor(cursor: { name: string; direction: SortDirection; values: Array<string | null> }): string {
  const body: z.infer<typeof CursorBody> = { s: cursor.name, d: cursor.direction, k: cursor.values };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The sort values a cursor carries, checked against the search it is used with. */
function readCursor(
  text: string,
  expected: { name: string; direction: SortDirection; keys: SortKey[] },
): Array<string | null> {
  const refuse = (why: string) =>
    new AppError('VALIDATION_FAILED', `The cursor cannot be used: ${why}`, { fieldErrors: { Cursor: [why] } });
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const parsed = CursorBody.safeParse(decoded);
  if (!parsed.success) throw refuse('it is not a cursor this search gave out.');
  if (parsed.data.s !== expected.name || parsed.data.d !== expected.direction) {
    throw refuse('it belongs to another sort order; start again from the first page.');
  }
  if (parsed.data.k.length !== expected.keys.length) throw refuse('it is not a cursor this search gave out.');
  return parsed.data.k.map((value, index) => {
    const key = expected.keys[index] as SortKey;
    if (value === null) {
      if (key.nullable) return null;
      throw refuse('it is not a cursor this search gave out.');
    }
    const fits =
      key.kind === 'timestamp'
        ? TIMESTAMP_KEY.test(value)
        : key.kind === 'uuid'
          ? UUID_PATTERN.test(value)
          : key.kind === 'enum'
            ? (key.values ?? []).includes(value)
            : key.kind === 'number'
              ? value.trim() !== '' && Number.isFinite(Number(value))
              : key.kind === 'boolean'
                ? value === 'true' || value === 'false'
                : true;
    if (!fits) throw refuse('it is not a cursor this search gave out.');
    return value;
  });
}

/** A search over the whole rows of one table. */
export function searchTable<Row>(
  db: Db,
  options: { table: PgTable; spec: SearchSpec; query: SearchQuery; scope?: SQL | undefined },
): Promise<SearchPage<Row>> {
  return runSearch<Row>({
    ...options,
    fetchRows: async ({ where, orderBy, limit, offset }) =>
      (await db
        .select()
        .from(options.table)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset)) as Row[],
    countRows: (where) => countWhere(db, options.table, where),
  });
}

export async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}

function compileFilter(spec: SearchSpec, filter: SearchFilter): SQL {
  const [name, field] = findField(spec, filter.field, 'filterable') ?? [];
  if (!field || !name) {
    throw new AppError(
      'VALIDATION_FAILED',
      `You cannot filter ${spec.resource} by "${filter.field}". Filterable fields: ${listFields(spec, 'filterable')}.`,
      { fieldErrors: { Filters: [`"${filter.field}" is not a filterable field.`] } },
    );
  }
  const refuse = (why: string) =>
    new AppError('VALIDATION_FAILED', `The filter on ${name} cannot be applied: ${why}`, {
      fieldErrors: { Filters: [why] },
    });

  if (filter.value === null) {
    if (filter.action === 'Eq') return isNull(field.source);
    if (filter.action === 'NEq') return isNotNull(field.source);
    throw refuse(`${filter.action} needs a value; only Eq and NEq accept null.`);
  }
  if (!OPERATORS_BY_KIND[field.kind].includes(filter.action)) {
    throw refuse(
      `${filter.action} does not apply to a ${field.kind} field; use ${OPERATORS_BY_KIND[field.kind].join(', ')}.`,
    );
  }
  const value = coerceValue(field, filter.value, refuse);
  const compare = (operator: typeof eq) =>
    is(field.source, SQL) ? operator(field.source, value) : operator(field.source, value);
  switch (filter.action) {
    case 'Eq':
      return compare(eq);
    case 'NEq':
      return compare(ne);
    case 'Gt':
      return compare(gt);
    case 'Lt':
      return compare(lt);
    case 'GtEq':
      return compare(gte);
    case 'LtEq':
      return compare(lte);
    case 'Like':
      return like(field.source, `%${escapeLike(String(value))}%`);
    case 'ILike':
      return ilike(field.source, `%${escapeLike(String(value))}%`);
  }
}

function coerceValue(
  field: SearchField,
  value: Exclude<FilterValue, null>,
  refuse: (why: string) => AppError,
): string | number | boolean | Date {
  switch (field.kind) {
    case 'text':
      return String(value);
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'boolean' || String(value).trim() === '' || !Number.isFinite(n)) {
        throw refuse(`"${String(value)}" is not a number.`);
      }
      return n;
    }
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw refuse(`"${String(value)}" is not true or false.`);
    case 'timestamp': {
      const date = typeof value === 'boolean' ? new Date(Number.NaN) : new Date(value);
      if (Number.isNaN(date.getTime()))
        throw refuse(`"${String(value)}" is not a date; use ISO 8601, e.g. 2026-01-31T09:00:00Z.`);
      return date;
    }
    case 'uuid':
      if (typeof value !== 'string' || !UUID_PATTERN.test(value)) throw refuse(`"${String(value)}" is not an id.`);
      return value;
    case 'enum':
      if (typeof value !== 'string' || !field.values?.includes(value)) {
        throw refuse(`"${String(value)}" is not one of ${field.values?.join(', ') ?? 'the allowed values'}.`);
      }
      return value;
  }
}

/** Field names match case-insensitively, so `Name` and `name` both work. */
function findField(spec: SearchSpec, requested: string, ability: 'sortable' | 'filterable') {
  const lower = requested.toLowerCase();
  const entry = Object.entries(spec.fields).find(([name]) => name.toLowerCase() === lower);
  return entry?.[1][ability] ? entry : undefined;
}

function listFields(spec: SearchSpec, ability: 'sortable' | 'filterable'): string {
  return Object.entries(spec.fields)
    .filter(([, field]) => field[ability])
    .map(([name]) => name)
    .join(', ');
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
