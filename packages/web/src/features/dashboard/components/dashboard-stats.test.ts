import { describe, expect, it } from 'vitest';
import { bucketRunsByDay, chartStart, totalsByStatus } from './dashboard-stats.ts';

describe('the runs chart data', () => {
  const now = new Date(2026, 2, 10, 15, 0);
  const at = (day: number, hour = 12) => new Date(2026, 2, day, hour).toISOString();

  it('starts at local midnight six days ago', () => {
    expect(chartStart(now).getTime()).toBe(new Date(2026, 2, 4).getTime());
  });

  it('counts runs by the day they were created and their status, today last', () => {
    const buckets = bucketRunsByDay(
      [
        { createdAt: at(10, 9), status: 'Succeeded' },
        { createdAt: at(10, 10), status: 'Failed' },
        { createdAt: at(4, 0), status: 'Succeeded' },
        { createdAt: at(7), status: 'Skipped' },
        { createdAt: at(3, 23), status: 'Succeeded' }, // before the window
      ],
      now,
    );
    expect(buckets).toHaveLength(7);
    expect(buckets.map((bucket) => bucket.total)).toEqual([1, 0, 0, 1, 0, 0, 2]);
    expect(buckets[6]?.counts).toMatchObject({ Succeeded: 1, Failed: 1, Scheduled: 0 });
    expect(totalsByStatus(buckets)).toMatchObject({ Succeeded: 2, Failed: 1, Skipped: 1, Cancelled: 0 });
  });
});
