import { afterEach, describe, expect, it } from 'vitest';
import { type AssumptionChoice, assumptionsFromEnvironment, choicesOf } from '../src/assumptions.ts';
import { SEED_IDS } from '../src/seed/seed-ids.ts';
import { DEFAULT_API_KEY } from '../src/simulator-options.ts';
import { filterQuery, startSimulator } from './support/sim-harness.ts';

const apiKey = DEFAULT_API_KEY;
const note = SEED_IDS.notes[0] ?? '';
const attachment = SEED_IDS.attachments.quotePdf;

describe('pathSpelling: which spellings of an object a path may use', () => {
  const paths: Array<[string, string]> = [
    ['GET', '/api_1.0/job.json'],
    ['GET', '/api_1.0/Job.json'],
    ['GET', '/api_1.0/note.json'],
    ['GET', '/api_1.0/dbonote.json'],
    ['GET', `/api_1.0/note/${note}.json`],
    ['GET', `/api_1.0/dbonote/${note}.json`],
    ['GET', `/api_1.0/Note/${note}.json`],
    ['GET', `/api_1.0/attachment/${attachment}.json`],
    ['GET', `/api_1.0/dboattachment/${attachment}.json`],
    ['GET', `/api_1.0/attachment/${attachment}.file`],
    ['GET', `/api_1.0/dboattachment/${attachment}.file`],
  ];
  const accepted: Record<AssumptionChoice<'pathSpelling'>, string[]> = {
    any: paths.map(([, path]) => path),
    'sdk-exact': [
      '/api_1.0/job.json',
      '/api_1.0/note.json',
      `/api_1.0/dbonote/${note}.json`,
      `/api_1.0/dboattachment/${attachment}.json`,
      `/api_1.0/attachment/${attachment}.file`,
    ],
    'plain-exact': [
      '/api_1.0/job.json',
      '/api_1.0/note.json',
      `/api_1.0/note/${note}.json`,
      `/api_1.0/attachment/${attachment}.json`,
      `/api_1.0/attachment/${attachment}.file`,
    ],
  };

  it.each(choicesOf('pathSpelling'))(
    '%s: accepts its spellings and refuses the others as unknown objects',
    async (reading) => {
      const { call } = await startSimulator({
        assumptions: { pathSpelling: reading },
        attachments: { download: 'bytes' },
      });
      const answered: string[] = [];
      for (const [method, path] of paths) {
        const response = await call(path, { apiKey, method });
        if (response.status === 200) answered.push(path);
        else {
          expect(response.status, path).toBe(400);
          expect(((await response.json()) as { message: string }).message).toMatch(
            / is not an authorised object type$/,
          );
        }
      }
      expect(answered).toEqual(accepted[reading]);
    },
  );
});

describe('textComparison: how a filter compares text', () => {
  it.each([
    ['case-insensitive', 3],
    ['case-sensitive', 0],
  ] as const)("%s: status eq 'work order' finds %i jobs", async (reading, count) => {
    const { call } = await startSimulator({ assumptions: { textComparison: reading } });
    const response = await call(`/api_1.0/job.json?${filterQuery("status eq 'work order'")}`, { apiKey });
    expect(((await response.json()) as unknown[]).length).toBe(count);
  });
});

describe('orderBy: whether a list honours $orderby', () => {
  const numbers = async (reading: AssumptionChoice<'orderBy'>) => {
    const { sim, call } = await startSimulator({ assumptions: { orderBy: reading } });
    const response = await call('/api_1.0/job.json?%24orderby=generated_job_id%20desc', { apiKey });
    const ids = ((await response.json()) as Array<{ generated_job_id: string }>).map((job) => job.generated_job_id);
    return { ids, warnings: sim.controls.calls({ path: 'job.json' }).at(-1)?.warnings ?? [] };
  };

  it('honoured: sorts the list as $sort does', async () => {
    const { ids, warnings } = await numbers('honoured');
    expect(ids).toEqual([...ids].sort().reverse());
    expect(warnings).toEqual([]);
  });

  it('ignored: stored order, and the call log says $orderby was ignored', async () => {
    const { ids, warnings } = await numbers('ignored');
    expect(ids).not.toEqual([...ids].sort().reverse());
    expect(warnings).toEqual(['$orderby ignored (orderBy: ignored); the records are in stored order']);
  });
});

describe('the call log', () => {
  it('notes each query parameter the API does not read (ServiceM8 ignores them without a word)', async () => {
    const { sim, call } = await startSimulator();
    await call('/api_1.0/job.json?%24filter=active%20eq%201&%24select=uuid&status=Quote', { apiKey });
    await call(`/api_1.0/job/${SEED_IDS.jobs.quoteHotWater}.json?cursor=-1`, { apiKey });
    expect(sim.controls.calls({ path: '/api_1.0/' }).map((entry) => entry.warnings)).toEqual([
      ['unknown query parameter "$select" ignored', 'unknown query parameter "status" ignored'],
      ['unknown query parameter "cursor" ignored'],
    ]);
  });
});

describe('SM8_SIM_ASSUMPTIONS: readings chosen in the environment', () => {
  const saved = process.env.SM8_SIM_ASSUMPTIONS;
  afterEach(() => {
    if (saved === undefined) delete process.env.SM8_SIM_ASSUMPTIONS;
    else process.env.SM8_SIM_ASSUMPTIONS = saved;
  });

  it('reads name=choice pairs, and refuses an unknown name or choice naming the known ones', () => {
    expect(assumptionsFromEnvironment('pathSpelling=plain-exact, textComparison=case-sensitive')).toEqual({
      pathSpelling: 'plain-exact',
      textComparison: 'case-sensitive',
    });
    expect(assumptionsFromEnvironment(undefined)).toEqual({});
    expect(() => assumptionsFromEnvironment('pathspelling=any')).toThrow(
      /names no assumption "pathspelling" \(known: /,
    );
    expect(() => assumptionsFromEnvironment('orderBy=sometimes')).toThrow(
      'SM8_SIM_ASSUMPTIONS: "sometimes" is not a reading of orderBy (ignored, honoured)',
    );
  });

  it('applies them to every simulator built, under what a test names itself', async () => {
    process.env.SM8_SIM_ASSUMPTIONS = 'pathSpelling=plain-exact,orderBy=honoured';
    const { sim } = await startSimulator({ assumptions: { orderBy: 'ignored' } });
    expect(sim.controls.assumptions().current).toMatchObject({ pathSpelling: 'plain-exact', orderBy: 'ignored' });
  });
});
