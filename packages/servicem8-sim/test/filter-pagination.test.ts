import { describe, expect, it } from 'vitest';
import { SEED_IDS } from '../src/seed/seed-ids.ts';
import { DEFAULT_API_KEY } from '../src/simulator-options.ts';
import { filterQuery, startSimulator } from './support/sim-harness.ts';

const apiKey = DEFAULT_API_KEY;
const J = SEED_IDS.jobs;

async function jobUuids(call: Awaited<ReturnType<typeof startSimulator>>['call'], query: string): Promise<string[]> {
  const response = await call(`/api_1.0/job.json?${query}`, { apiKey });
  expect(response.status).toBe(200);
  return ((await response.json()) as Array<{ uuid: string }>).map((job) => job.uuid).sort();
}

describe('$filter over HTTP', () => {
  it.each([
    ["status eq 'Work Order'", [J.workOrderBlockedSewer, J.workOrderGasSafetyCheck, J.workOrderBurstPipe]],
    ["status eq 'Unsuccessful'", [J.unsuccessfulRenovationQuote, J.unsuccessfulGasLeak]],
    [
      "status ne 'Quote' and status ne 'Work Order' and status ne 'Completed'",
      [J.unsuccessfulRenovationQuote, J.unsuccessfulGasLeak],
    ],
    [`company_uuid eq '${SEED_IDS.companies.emmaEllis}' and status eq 'Completed'`, [J.completedHotWater]],
    ["generated_job_id gt '1009'", [J.unsuccessfulRenovationQuote, J.unsuccessfulGasLeak]],
    ["generated_job_id lt '1002'", [J.quoteKitchenTap]],
    ['quote_sent eq 1 and active eq 1', [J.quoteKitchenTap, J.unsuccessfulRenovationQuote]],
  ])('%s', async (expression, expected) => {
    const { call } = await startSimulator();
    expect(await jobUuids(call, filterQuery(expression))).toEqual([...expected].sort());
  });

  it('edit_date gt finds records changed since a moment (reconciliation)', async () => {
    const { sim, call } = await startSimulator();
    sim.controls.advanceClock(60_000);
    const since = sim.controls.clock().local;
    sim.controls.advanceClock(1000);
    await call(`/api_1.0/job/${J.quoteHotWater}.json`, { apiKey, json: { job_description: 'changed' } });
    expect(await jobUuids(call, filterQuery(`edit_date gt '${since}'`))).toEqual([J.quoteHotWater]);
  });

  it('an unreadable filter is ignored and every record returned (and the call log says so)', async () => {
    const { sim, call } = await startSimulator();
    const all = await jobUuids(call, '');
    for (const expression of [
      "status ge 'Quote'",
      "status eq 'Quote' or status eq 'Completed'",
      'status eq Quote',
      Array.from({ length: 11 }, () => 'active eq 1').join(' and '),
    ]) {
      expect(await jobUuids(call, filterQuery(expression)), expression).toEqual(all);
    }
    expect(sim.controls.calls({ path: 'job.json' }).at(-1)?.warnings[0]).toMatch(
      /^\$filter ignored \(at most 10 conditions\)/,
    );
  });

  it('the $ may be sent unencoded too (the query parser decodes both)', async () => {
    const { call } = await startSimulator();
    expect(await jobUuids(call, `$filter=${encodeURIComponent("status eq 'Unsuccessful'")}`)).toHaveLength(2);
  });

  it('with filters.onInvalid = reject an unreadable filter is a 400', async () => {
    const { call } = await startSimulator({ filters: { onInvalid: 'reject' } });
    const response = await call(`/api_1.0/job.json?${filterQuery("status ge 'Quote'")}`, { apiKey });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errorCode: 400,
      message: expect.stringContaining('Invalid $filter'),
    });
  });
});

describe('cursor pagination', () => {
  it('cursor=-1 starts; x-next-cursor leads through every page; the last page has no header', async () => {
    const { call } = await startSimulator({ pageSize: 4 });
    const seen: string[] = [];
    let cursor = '-1';
    let pages = 0;
    for (;;) {
      const response = await call(`/api_1.0/job.json?cursor=${cursor}`, { apiKey });
      const page = (await response.json()) as Array<{ uuid: string }>;
      pages += 1;
      expect(page.length).toBeLessThanOrEqual(4);
      seen.push(...page.map((job) => job.uuid));
      const next = response.headers.get('x-next-cursor');
      if (!next) break;
      expect(next).toMatch(/^[0-9a-f-]{36}$/);
      cursor = next;
    }
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual(Object.values(J).sort());
  });

  it('the filter stays the same across pages', async () => {
    const { call } = await startSimulator({ pageSize: 2 });
    const expression = filterQuery("status ne 'Quote'");
    const first = await call(`/api_1.0/job.json?${expression}&cursor=-1`, { apiKey });
    const second = await call(`/api_1.0/job.json?${expression}&cursor=${first.headers.get('x-next-cursor')}`, {
      apiKey,
    });
    const statuses = [
      ...((await first.json()) as Array<{ status: string }>),
      ...((await second.json()) as Array<{ status: string }>),
    ].map((job) => job.status);
    expect(statuses).toHaveLength(4);
    expect(statuses).not.toContain('Quote');
  });

  it('a page holds up to 5,000 records by default', async () => {
    const { sim, call } = await startSimulator({ seed: 'empty' });
    sim.controls.seed({
      records: { material: Array.from({ length: 5001 }, (_, index) => ({ name: `Part ${index}` })) },
    });
    const first = await call('/api_1.0/material.json?cursor=-1', { apiKey });
    expect(((await first.json()) as unknown[]).length).toBe(5000);
    const second = await call(`/api_1.0/material.json?cursor=${first.headers.get('x-next-cursor')}`, { apiKey });
    expect(((await second.json()) as unknown[]).length).toBe(1);
    expect(second.headers.get('x-next-cursor')).toBeNull();
  });
});
