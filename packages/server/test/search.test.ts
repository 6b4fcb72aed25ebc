import {
  ErrorBody,
  type SearchFilter,
  SearchQuery,
  searchPage,
  successEnvelope,
  toSearchParams,
} from '@automate/contract';
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type SearchSpec, searchTable } from '../src/db/search.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/** A table of this test's own, so the generic search is exercised on its own. */
const gadgets = pgTable('search_test_gadgets', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  score: integer('score').notNull(),
  active: boolean('active').notNull(),
  kind: text('kind').notNull(),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  secret: text('secret').notNull(),
});

const spec: SearchSpec = {
  resource: 'gadgets',
  fields: {
    id: { source: gadgets.id, kind: 'uuid', filterable: true },
    name: { source: gadgets.name, kind: 'text', sortable: true, filterable: true },
    score: { source: gadgets.score, kind: 'number', sortable: true, filterable: true },
    active: { source: gadgets.active, kind: 'boolean', filterable: true },
    kind: { source: gadgets.kind, kind: 'enum', values: ['Widget', 'Sprocket'], filterable: true },
    note: { source: gadgets.note, kind: 'text', filterable: true },
    createdAt: { source: gadgets.createdAt, kind: 'timestamp', sortable: true, filterable: true },
  },
  defaultSort: { field: 'name', direction: 'Ascending' },
  tiebreaker: gadgets.id,
};

const Gadget = z.object({ id: z.string(), name: z.string(), score: z.number() });
const Page = successEnvelope(searchPage(Gadget));

const rows = [
  ['Anchor', 10, true, 'Widget', null, '2026-01-01T00:00:00Z'],
  ['bracket', 20, false, 'Sprocket', 'has 50% off', '2026-02-01T00:00:00Z'],
  ['Cable', 30, true, 'Widget', 'spare', '2026-03-01T00:00:00Z'],
  ['Damper', 40, true, 'Sprocket', null, '2026-04-01T00:00:00Z'],
  ['Elbow', 50, false, 'Widget', 'under_score', '2026-05-01T00:00:00Z'],
] as const;

let services: TestServices;

beforeAll(async () => {
  services = await startTestServices();
  const db = services.deps.database.db;
  await db.execute(sql`create table search_test_gadgets (
    id uuid primary key, name text not null, score integer not null, active boolean not null,
    kind text not null, note text, created_at timestamptz not null, secret text not null)`);
  let n = 0;
  for (const [name, score, active, kind, note, createdAt] of rows) {
    n += 1;
    await db.insert(gadgets).values({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      name,
      score,
      active,
      kind,
      note,
      createdAt: new Date(createdAt),
      secret: 'hidden',
    });
  }
  services.app.get('/api/test/gadgets/search', { schema: { querystring: SearchQuery } }, async (request) => ({
    success: true,
    data: await searchTable(db, { table: gadgets, spec, query: request.query }),
  }));
});
afterAll(() => services.cleanup());

async function search(query: Parameters<typeof toSearchParams>[0]) {
  const response = await services.app.inject({
    method: 'GET',
    url: '/api/test/gadgets/search',
    query: toSearchParams(query),
  });
  return response;
}

async function names(filters: SearchFilter[]) {
  const response = await search({ Filters: filters, SortBy: 'score' });
  expect(response.statusCode, response.body).toBe(200);
  return Page.parse(response.json()).data.rows.map((row) => row.name);
}

describe('search filters', () => {
  it('Eq and NEq on text, numbers, booleans, enums, ids and null', async () => {
    expect(await names([{ action: 'Eq', field: 'name', value: 'Cable' }])).toEqual(['Cable']);
    expect(await names([{ action: 'Eq', field: 'score', value: 40 }])).toEqual(['Damper']);
    expect(await names([{ action: 'Eq', field: 'score', value: '40' }])).toEqual(['Damper']);
    expect(await names([{ action: 'Eq', field: 'active', value: false }])).toEqual(['bracket', 'Elbow']);
    expect(await names([{ action: 'Eq', field: 'active', value: 'true' }])).toEqual(['Anchor', 'Cable', 'Damper']);
    expect(await names([{ action: 'NEq', field: 'kind', value: 'Widget' }])).toEqual(['bracket', 'Damper']);
    expect(await names([{ action: 'Eq', field: 'id', value: '00000000-0000-4000-8000-000000000003' }])).toEqual([
      'Cable',
    ]);
    expect(await names([{ action: 'Eq', field: 'note', value: null }])).toEqual(['Anchor', 'Damper']);
    expect(await names([{ action: 'NEq', field: 'note', value: null }])).toEqual(['bracket', 'Cable', 'Elbow']);
  });

  it('Gt, Lt, GtEq and LtEq on numbers and dates', async () => {
    expect(await names([{ action: 'Gt', field: 'score', value: 30 }])).toEqual(['Damper', 'Elbow']);
    expect(await names([{ action: 'Lt', field: 'score', value: 30 }])).toEqual(['Anchor', 'bracket']);
    expect(await names([{ action: 'GtEq', field: 'score', value: 30 }])).toEqual(['Cable', 'Damper', 'Elbow']);
    expect(await names([{ action: 'LtEq', field: 'score', value: 20 }])).toEqual(['Anchor', 'bracket']);
    expect(await names([{ action: 'GtEq', field: 'createdAt', value: '2026-04-01T00:00:00Z' }])).toEqual([
      'Damper',
      'Elbow',
    ]);
    expect(await names([{ action: 'Lt', field: 'createdAt', value: '2026-02-01' }])).toEqual(['Anchor']);
  });

  it('Like is a case-sensitive "contains", ILike ignores case, and % and _ match literally', async () => {
    expect(await names([{ action: 'Like', field: 'name', value: 'A' }])).toEqual(['Anchor']);
    expect(await names([{ action: 'ILike', field: 'name', value: 'a' }])).toEqual([
      'Anchor',
      'bracket',
      'Cable',
      'Damper',
    ]);
    expect(await names([{ action: 'Like', field: 'note', value: '%' }])).toEqual(['bracket']);
    expect(await names([{ action: 'Like', field: 'note', value: '_' }])).toEqual(['Elbow']);
    expect(await names([{ action: 'ILike', field: 'note', value: 'ER_S' }])).toEqual(['Elbow']);
  });

  it('combines filters with And and matches field names case-insensitively', async () => {
    expect(
      await names([
        { action: 'Eq', field: 'Active', value: true },
        { action: 'Gt', field: 'SCORE', value: 15 },
      ]),
    ).toEqual(['Cable', 'Damper']);
  });
});

describe('search sorting and paging', () => {
  it('sorts by the default field, then by the requested field and direction', async () => {
    const byDefault = Page.parse((await search({})).json()).data.rows.map((r) => r.name);
    expect(byDefault).toEqual(['Anchor', 'Cable', 'Damper', 'Elbow', 'bracket']);
    const byScore = Page.parse((await search({ SortBy: 'score', SortDir: 'Descending' })).json()).data;
    expect(byScore.rows.map((r) => r.score)).toEqual([50, 40, 30, 20, 10]);
  });

  it('pages through the rows with the total of all matches', async () => {
    const first = Page.parse((await search({ PageSize: 2, PageNumber: 1, SortBy: 'score' })).json()).data;
    const third = Page.parse((await search({ PageSize: 2, PageNumber: 3, SortBy: 'score' })).json()).data;
    const beyond = Page.parse((await search({ PageSize: 2, PageNumber: 9, SortBy: 'score' })).json()).data;
    expect(first).toMatchObject({ total: 5, pageNumber: 1, pageSize: 2 });
    expect(first.rows.map((r) => r.name)).toEqual(['Anchor', 'bracket']);
    expect(third.rows.map((r) => r.name)).toEqual(['Elbow']);
    expect(beyond).toMatchObject({ rows: [], total: 5 });
  });

  it('defaults to page 1 of 50', async () => {
    const page = Page.parse((await search({})).json()).data;
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 50, total: 5 });
  });
});

describe('search refusals', () => {
  async function refusal(query: Parameters<typeof toSearchParams>[0]) {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    return ErrorBody.parse(response.json());
  }

  it('refuses a filter on a field that is not whitelisted, naming it', async () => {
    const body = await refusal({ Filters: [{ action: 'Eq', field: 'secret', value: 'hidden' }] });
    expect(body.message).toBe(
      'You cannot filter gadgets by "secret". Filterable fields: id, name, score, active, kind, note, createdAt.',
    );
    expect(body.errors).toEqual({ Filters: ['"secret" is not a filterable field.'] });
  });

  it('refuses a sort on a field that is not sortable, naming it', async () => {
    const body = await refusal({ SortBy: 'active' });
    expect(body.message).toBe('You cannot sort gadgets by "active". Sortable fields: name, score, createdAt.');
  });

  it('caps PageSize at 500', async () => {
    expect((await refusal({ PageSize: 501 })).message).toBe('PageSize must be at most 500.');
    expect((await search({ PageSize: 500 })).statusCode).toBe(200);
    expect((await refusal({ PageNumber: 0 })).errors).toEqual({
      PageNumber: ['PageNumber must be a whole number of 1 or more.'],
    });
  });

  it('refuses operators and values that do not fit the field', async () => {
    expect((await refusal({ Filters: [{ action: 'Like', field: 'score', value: '1' }] })).message).toBe(
      'The filter on score cannot be applied: Like does not apply to a number field; use Eq, NEq, Gt, Lt, GtEq, LtEq.',
    );
    expect((await refusal({ Filters: [{ action: 'Eq', field: 'score', value: 'lots' }] })).message).toBe(
      'The filter on score cannot be applied: "lots" is not a number.',
    );
    expect((await refusal({ Filters: [{ action: 'Eq', field: 'kind', value: 'Gizmo' }] })).message).toBe(
      'The filter on kind cannot be applied: "Gizmo" is not one of Widget, Sprocket.',
    );
    expect((await refusal({ Filters: [{ action: 'Gt', field: 'note', value: null }] })).message).toBe(
      'The filter on note cannot be applied: Gt needs a value; only Eq and NEq accept null.',
    );
  });

  it('refuses Filters that are not a JSON list of filters', async () => {
    const response = await services.app.inject({
      method: 'GET',
      url: '/api/test/gadgets/search',
      query: { Filters: '[{"action":"Contains","field":"name","value":"x"}]' },
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).errors).toHaveProperty(['Filters.0.action']);
    const notJson = await services.app.inject({
      method: 'GET',
      url: '/api/test/gadgets/search',
      query: { Filters: 'name=x' },
    });
    expect(ErrorBody.parse(notJson.json()).message).toBe('Filters must be a JSON array of {action, field, value}.');
  });
});
