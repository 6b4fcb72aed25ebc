import { describe, expect, it } from 'vitest';
import {
  automationsPausedSince,
  automationsRun,
  currentOf,
  graceEndsAt,
  pastDueSince,
} from './subscription-standing.ts';

const day = 86_400_000;
const since = new Date('2026-05-01T00:00:00Z');

describe('the subscription lifecycle rules', () => {
  it.each([
    ['trialing', null, true],
    ['active', null, true],
    ['past_due', since, true],
    ['canceled', null, false],
    ['unpaid', null, false],
    ['incomplete', null, false],
  ])('%s: automations run = %s (a day after it went past due)', (status, pastDue, expected) => {
    expect(automationsRun({ status, pastDueSince: pastDue }, new Date(since.getTime() + day))).toBe(expected);
  });

  it('pauses a past-due subscription’s automations when its 7-day grace ends', () => {
    const subscription = { status: 'past_due', pastDueSince: since };
    expect(graceEndsAt(subscription)).toEqual(new Date(since.getTime() + 7 * day));
    expect(automationsRun(subscription, new Date(since.getTime() + 7 * day - 1))).toBe(true);
    expect(automationsRun(subscription, new Date(since.getTime() + 7 * day))).toBe(false);
  });

  it('keeps the moment it first went past due, and forgets it once paid', () => {
    const later = new Date(since.getTime() + 3 * day);
    expect(pastDueSince('past_due', null, since)).toEqual(since);
    expect(pastDueSince('past_due', since, later)).toEqual(since);
    expect(pastDueSince('active', since, later)).toBeNull();
  });

  it('takes the newest subscription that holds a plan as the current one', () => {
    const rows = [{ status: 'canceled' }, { status: 'active' }, { status: 'canceled' }];
    expect(currentOf(rows)).toBe(rows[1]);
    expect(currentOf([{ status: 'canceled' }])).toEqual({ status: 'canceled' });
    expect(currentOf([])).toBeUndefined();
  });

  it('dates the pause from the end of the grace, or from when Stripe ended the subscription', () => {
    const later = new Date(since.getTime() + 10 * day);
    expect(automationsPausedSince({ status: 'past_due', pastDueSince: since, endedAt: null }, later)).toEqual(
      new Date(since.getTime() + 7 * day),
    );
    expect(automationsPausedSince({ status: 'unpaid', pastDueSince: since, endedAt: null }, later)).toEqual(
      new Date(since.getTime() + 7 * day),
    );
    expect(automationsPausedSince({ status: 'canceled', pastDueSince: null, endedAt: since }, later)).toEqual(since);
    expect(automationsPausedSince({ status: 'active', pastDueSince: null, endedAt: null }, later)).toBeNull();
    expect(pastDueSince('unpaid', since, later)).toEqual(since);
  });
});
