import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRefusedDeliveries } from './refused-deliveries.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-refused-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the vendors whose deliveries were refused', () => {
  it('are remembered across a restart until their catch-up is queued', () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const refused = openRefusedDeliveries(dir);
    refused.remember(a);
    refused.remember(b);
    refused.remember(a);
    const restarted = openRefusedDeliveries(dir);
    const { vendorIds, everyone, upTo } = restarted.waiting();
    expect([vendorIds.sort(), everyone]).toEqual([[a, b].sort(), false]);
    restarted.forget(upTo);
    expect(restarted.waiting().vendorIds).toEqual([]);
    expect(openRefusedDeliveries(dir).waiting().vendorIds).toEqual([]);
  });

  it('keeps a vendor refused again while its catch-up was being queued', () => {
    const vendor = randomUUID();
    const refused = openRefusedDeliveries(dir);
    refused.remember(vendor);
    const { upTo } = refused.waiting();
    refused.remember(vendor);
    refused.forget(upTo);
    expect(refused.waiting().vendorIds).toEqual([vendor]);
  });

  it('reads every account once more vendors were refused than it keeps', () => {
    const refused = openRefusedDeliveries(dir);
    for (let n = 0; n < 1_001; n++) refused.remember(randomUUID());
    expect(openRefusedDeliveries(dir).waiting().everyone).toBe(true);
  });
});
