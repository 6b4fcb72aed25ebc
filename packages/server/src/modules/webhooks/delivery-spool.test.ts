import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openDeliverySpool,
  type ReplayOutcome,
  SPOOL_MAX_BYTES,
  type SpooledDelivery,
  type SpoolWrite,
} from './delivery-spool.ts';

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
    expect(await reopened.replay(store)).toEqual({ stored: 2, refused: 0, unreadable: [] });
    expect(seen).toEqual(['job-1', 'job-2']);
    expect(reopened.backlog()).toBe(0);
    expect(await reopened.replay(async () => 'stored')).toEqual({ stored: 0, refused: 0, unreadable: [] });
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
    expect(await spool.replay(store)).toMatchObject({ stored: 1, refused: 0 });
    expect(spool.backlog()).toBe(2);
    await spool.append(delivery(4));
    // A crash here: the next process resumes the interrupted replay before the newer deliveries.
    const restarted = openDeliverySpool(dir);
    expect(restarted.backlog()).toBe(3);
    expect(await restarted.replay(store)).toMatchObject({ stored: 3, refused: 0 });
    expect(seen).toEqual(['job-1', 'job-2', 'job-3', 'job-4']);
  });

  it('sets aside what can never be stored or read, counts it, and goes on', async () => {
    const spool = openDeliverySpool(dir);
    await spool.append(delivery(1));
    await spool.append(delivery(2));
    fs.writeFileSync(path.join(dir, 'pending', '0000000000000003-x.json'), 'not json');
    const reopened = openDeliverySpool(dir);
    expect(reopened.backlog()).toBe(3);
    const result = await reopened.replay(async (d) => (uuidOf(d) === 'job-1' ? 'refused' : 'stored'));
    expect(result).toEqual({
      stored: 1,
      refused: 1,
      unreadable: [path.join(dir, 'rejected', '0000000000000003-x.json')],
    });
    expect(reopened.rejected()).toBe(2);
    expect(openDeliverySpool(dir).rejected()).toBe(2);
    expect(fs.readFileSync(path.join(dir, 'rejected', '0000000000000003-x.json'), 'utf8')).toBe('not json');
  });

  it('leaves nothing of a write the disk refused half-way, so the next delivery is kept whole', async () => {
    let diskFull = true;
    const write: SpoolWrite = async (handle, data) => {
      if (!diskFull) return handle.writeFile(data);
      await handle.write(data, 0, Math.floor(data.length / 2));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    const spool = openDeliverySpool(dir, { write });
    await expect(spool.append(delivery(1))).rejects.toThrow('ENOSPC');
    expect(spool.backlog()).toBe(0);
    diskFull = false;
    await spool.append(delivery(2));
    expect(spool.backlog()).toBe(1);
    const seen: string[] = [];
    const result = await openDeliverySpool(dir).replay(async (d) => {
      seen.push(uuidOf(d) ?? '');
      return 'stored';
    });
    expect(result).toEqual({ stored: 1, refused: 0, unreadable: [] });
    expect(seen).toEqual(['job-2']);
  });

  it('takes over the deliveries a spool of the earlier layout holds, in order', async () => {
    const line = (n: number) => `${JSON.stringify(delivery(n))}\n`;
    fs.writeFileSync(path.join(dir, 'deliveries.replaying.jsonl'), line(1) + line(2));
    fs.writeFileSync(path.join(dir, 'deliveries.jsonl'), `${line(3)}{"id":`);
    fs.writeFileSync(path.join(dir, 'deliveries.refused.jsonl'), line(9));
    const spool = openDeliverySpool(dir);
    expect(spool.backlog()).toBe(4);
    const seen: string[] = [];
    const result = await spool.replay(async (d) => {
      seen.push(uuidOf(d) ?? '');
      return 'stored';
    });
    expect(result).toMatchObject({ stored: 3, refused: 0 });
    expect(result.unreadable).toHaveLength(1);
    expect(seen).toEqual(['job-1', 'job-2', 'job-3']);
    expect(spool.rejected()).toBe(2);
    expect(fs.readdirSync(dir).sort()).toEqual(['pending', 'rejected']);
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
