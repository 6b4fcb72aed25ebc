import { ErrorBody } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/http/input-guards.ts';
import { bearer, createVendorTeam } from '../support/factories.ts';
import { startTestServices, type TestServices } from '../support/test-services.ts';

/** Inputs that used to reach PostgreSQL or a recursive parser and come back as 500s. */
let services: TestServices;
let team: Awaited<ReturnType<typeof createVendorTeam>>;

beforeAll(async () => {
  services = await startTestServices();
  team = await createVendorTeam(services.deps);
});
afterAll(() => services.cleanup());

const triggers = () => `/api/vendor/${team.vendor.id}/Trigger`;
const trigger = (conditions: unknown) => ({
  name: 'Deep',
  enabled: false,
  event: 'JobQuoteSent',
  targetKind: 'Job',
  conditions,
  actions: [{ id: 'a1', type: 'Job_AddNote', params: { text: 'Note' } }],
});
/** Condition groups nested `levels` deep, as JSON text (too deep for JSON.stringify to build). */
const nestedGroups = (levels: number): string =>
  `${'{"combiner":"And","items":['.repeat(levels)}{"type":"JobIsCompleted","params":{}}${']}'.repeat(levels)}`;
const withConditions = (conditionsJson: string) =>
  JSON.stringify(trigger('CONDITIONS')).replace('"CONDITIONS"', conditionsJson);

describe('hostile input', () => {
  it('refuses a NUL character in a body, a query or a path with a 400 that names the field', async () => {
    const inBody = await services.app.inject({
      method: 'POST',
      url: triggers(),
      headers: bearer(team.adminToken),
      payload: { ...trigger({ combiner: 'And', items: [] }), name: 'Quote\u0000follow-up' },
    });
    expect(inBody.statusCode, inBody.body).toBe(400);
    expect(ErrorBody.parse(inBody.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { name: ['name must not contain the NUL character (\\u0000).'] },
    });

    const inQuery = await services.app.inject({
      method: 'GET',
      url: `${triggers()}/search`,
      headers: bearer(team.adminToken),
      query: { Filters: JSON.stringify([{ action: 'ILike', field: 'name', value: 'a\u0000b' }]) },
    });
    expect(inQuery.statusCode, inQuery.body).toBe(400);
    expect(inQuery.json().code).toBe('VALIDATION_FAILED');

    const inPath = await services.app.inject({
      method: 'GET',
      url: `/api/Content/article/${encodeURIComponent('x\u0000y')}`,
    });
    expect(inPath.statusCode, inPath.body).toBe(400);
    expect(inPath.json().message).toContain('NUL');
  });

  it(`refuses JSON nested more than ${MAX_JSON_DEPTH} levels before parsing it`, async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const response = await services.app.inject({
      method: 'POST',
      url: triggers(),
      headers: { ...bearer(team.adminToken), 'content-type': 'application/json' },
      payload: deep,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  });

  it('refuses condition groups nested thousands deep, and deeper than the editor allows, with a sentence', async () => {
    const thousands = await services.app.inject({
      method: 'POST',
      url: triggers(),
      headers: { ...bearer(team.adminToken), 'content-type': 'application/json' },
      payload: withConditions(nestedGroups(3000)),
    });
    expect(thousands.statusCode).toBe(400);

    const tooDeep = await services.app.inject({
      method: 'POST',
      url: triggers(),
      headers: { ...bearer(team.adminToken), 'content-type': 'application/json' },
      payload: withConditions(nestedGroups(10)),
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().message).toMatch(/levels? deep|nested/i);
  });

  it('refuses a sign-in with an address too long to be one, instead of failing to count it', async () => {
    const response = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/login',
      payload: { email: `${'x'.repeat(1_000_000)}@example.com`, password: 'whatever-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Email: an email address has at most 254 characters.');
  });

  it('still accepts brackets and NUL-free text inside strings', async () => {
    const response = await services.app.inject({
      method: 'POST',
      url: triggers(),
      headers: bearer(team.adminToken),
      payload: { ...trigger({ combiner: 'And', items: [] }), name: `[[[{{{ ${'['.repeat(70)} "quoted" \\ ` },
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});
