import type {
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
  type Column,
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
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
};

export type SearchSpec = {
  /** The plural noun used in messages: "You cannot sort users by …". */
  resource: string;
  fields: Record<string, SearchField>;
  defaultSort: { field: string; direction: SortDirection };
  /** A unique column appended to every ORDER BY so pages never overlap or skip rows. */
  tiebreaker: Column;
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
  const conditions = (query.Filters ?? []).map((filter) => compileFilter(spec, filter));
  const sortName = query.SortBy ?? spec.defaultSort.field;
  const direction = query.SortBy ? query.SortDir : spec.defaultSort.direction;
  const [, sortField] = findField(spec, sortName, 'sortable') ?? [];
  if (!sortField) {
    throw new AppError(
      'VALIDATION_FAILED',
      `You cannot sort ${spec.resource} by "${sortName}". Sortable fields: ${listFields(spec, 'sortable')}.`,
      { fieldErrors: { SortBy: [`"${sortName}" is not a sortable field.`] } },
    );
  }
  const order = direction === 'Descending' ? desc : asc;
  return {
    where: conditions.length > 0 ? and(...conditions) : undefined,
    orderBy: [order(sortField.source), asc(spec.tiebreaker)],
    limit: query.PageSize,
    offset: (query.PageNumber - 1) * query.PageSize,
  };
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
