import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildSimulator, type Simulator } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldDataLayoutOf } from '../src/integrations/servicem8/live-check.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const check = (env: Record<string, string>) =>
  run(process.execPath, ['scripts/sm8-check.ts'], { cwd: ROOT, env: { ...process.env, ...env } });

let sim: Simulator;
let apiUrl: string;

beforeAll(async () => {
  sim = buildSimulator({});
  apiUrl = await sim.listen();
});
afterAll(() => sim.close());

describe('npm run sm8:check', () => {
  it('reads an account and reports each thing Automate relies on as matching the simulator', async () => {
    const token = sim.controls.issueToken().access_token;
    const { stdout } = await check({ SM8_ACCESS_TOKEN: token, SM8_API_URL: apiUrl });
    expect(stdout).toContain('✓ the account (vendor.json)');
    expect(stdout).toContain('✓ a job: badges');
    expect(stdout).toContain('✓ a form response: field_data');
    expect(stdout).toMatch(/\d+ as expected, 0 different/);
    const writes = sim.controls.calls().filter((call) => call.method !== 'GET');
    expect(writes).toEqual([]);
  });

  it('exits 1 and names what differs when the account answers otherwise', async () => {
    const token = sim.controls.issueToken({ scopes: 'read_jobs read_staff vendor' }).access_token;
    await expect(check({ SM8_ACCESS_TOKEN: token, SM8_API_URL: apiUrl })).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringMatching(/✗ clients \(company.json\)[\s\S]*HTTP 403/),
    });
  });

  it('is skipped, with how to run it, when no token is set', async () => {
    const { stdout } = await check({ SM8_ACCESS_TOKEN: '' });
    expect(stdout).toContain('sm8:check skipped: set SM8_ACCESS_TOKEN');
  });
});

describe('reading the layout of field_data', () => {
  it('names each layout the simulator can send', () => {
    const answer = { field_uuid: '4b1f2d6e-0c39-4a5e-9d1a-3f7e2b6c8a10', name: 'Rating', value: '5' };
    expect(fieldDataLayoutOf(JSON.stringify([answer]))).toBe('array-by-uuid');
    expect(fieldDataLayoutOf(JSON.stringify([{ name: 'Rating', value: '5' }]))).toBe('array-by-name');
    expect(fieldDataLayoutOf(JSON.stringify({ [answer.field_uuid]: '5' }))).toBe('object-by-uuid');
    expect(fieldDataLayoutOf([answer])).toBe('parsed-array');
    expect(fieldDataLayoutOf('not json')).toBe('text that is not JSON');
  });
});
