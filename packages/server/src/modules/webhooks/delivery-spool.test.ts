import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDeliverySpool, type ReplayOutcome, SPOOL_MAX_BYTES, type SpooledDelivery } from './delivery-spool.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-spool-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const VENDOR = randomUUID();
const delivery = (n: number): SpooledDelivery => ({
  id: randomUUID(),
  vendorId: VENDOR,
  payload: { object: 'job', entry: [{ uuid: `job-${n}` }] },
  receivedAt: new Date(Date.UTC(2026, 10, 26, 9, 0, n)).toISOString(),
});
const uuidOf = (spooled: SpooledDelivery) => (spooled.payload.entry as Array<{ uuid: string }>)[0]?.uuid;

describe('the delivery spool', () => {
  it('keeps each delivery on disk before answering, and survives a restart', async () => {
    const spool = openDeliverySpool(dir);
    await spool.append(delivery(1));
    await spool.append(delivery(2));
    expect(spool.backlog()).toBe(2);
    const reopened = openDeliverySpool(dir);
    expect(reopened.backlog()).toBe(2);
    const seen: string[] = [];
    const store = async (d: SpooledDelivery): Promise<ReplayOutcome> => {
      seen.push(uuidOf(d) ?? '');
      return 'stored';
    };
    expect(await reopened.replay(store)).toEqual({ stored: 2, refused: 0 });
    expect(seen).toEqual(['job-1', 'job-2']);
    expect(reopened.backlog()).toBe(0);
    expect(await reopened.replay(async () => 'stored')).toEqual({ stored: 0, refused: 0 });
  });

  it('stops where the database is away again, and goes on from there in order, new deliveries last', async () => {
    const spool = openDeliverySpool(dir);
    for (const n of [1, 2, 3]) await spool.append(delivery(n));
    let away = false;
    const seen: string[] = [];
    const store = async (d: SpooledDelivery): Promise<ReplayOutcome> => {
      if (uuidOf(d) === 'job-2') away = !away;
      if (away) return 'unavailable';
      seen.push(uuidOf(d) ?? '');
      return 'stored';
    };
    expect(await spool.replay(store)).toEqual({ stored: 1, refused: 0 });
    expect(spool.backlog()).toBe(2);
    await spool.append(delivery(4));
    // A crash here: the next process resumes the interrupted replay before the newer deliveries.
    const restarted = openDeliverySpool(dir);
    expect(restarted.backlog()).toBe(3);
    expect(await restarted.replay(store)).toEqual({ stored: 2, refused: 0 });
    expect(await restarted.replay(store)).toEqual({ stored: 1, refused: 0 });
    expect(seen).toEqual(['job-1', 'job-2', 'job-3', 'job-4']);
  });

  it('sets aside what can never be stored, and goes on', async () => {
    const spool = openDeliverySpool(dir);
    await spool.append(delivery(1));
    await spool.append(delivery(2));
    fs.appendFileSync(path.join(dir, 'deliveries.jsonl'), 'not json\n');
    const result = await openDeliverySpool(dir).replay(async (d) => (uuidOf(d) === 'job-1' ? 'refused' : 'stored'));
    expect(result).toEqual({ stored: 1, refused: 2 });
    const refused = fs.readFileSync(path.join(dir, 'deliveries.refused.jsonl'), 'utf8').trim().split('\n');
    expect(refused).toHaveLength(2);
    expect(refused[1]).toBe('not json');
  });

  it('refuses a delivery once the spool holds its limit, so the intake can answer 503', async () => {
    const spool = openDeliverySpool(dir);
    const huge = { ...delivery(1), payload: { blob: 'x'.repeat(SPOOL_MAX_BYTES) } };
    await expect(spool.append(huge)).rejects.toThrow('The delivery spool is full');
    expect(spool.backlog()).toBe(0);
    await spool.append(delivery(2));
    expect(spool.backlog()).toBe(1);
  });
});
