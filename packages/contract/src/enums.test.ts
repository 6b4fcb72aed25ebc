import { describe, expect, it } from 'vitest';
import { APP_VERSION, STORAGE_KEYS } from './constants.ts';
import { TRIGGER_EVENTS, TriggerEvent } from './enums.ts';
import { AUTOMATION_ACTIONS, AUTOMATION_CONDITIONS } from './triggers.ts';

describe('the closed lists of the specification', () => {
  it('has the 15 events, 15 actions (the specification’s 14 and sending to a web address) and 27 conditions, each once', () => {
    for (const [list, size] of [
      [TRIGGER_EVENTS, 15],
      [AUTOMATION_ACTIONS, 15],
      [AUTOMATION_CONDITIONS, 27],
    ] as const) {
      expect(list).toHaveLength(size);
      expect(new Set(list).size).toBe(size);
    }
  });

  it('accepts exactly the listed names', () => {
    expect(TriggerEvent.safeParse('JobQuoteSent').success).toBe(true);
    expect(TriggerEvent.safeParse('jobquotesent').success).toBe(false);
  });

  it('keeps the browser storage keys and version the web app depends on', () => {
    expect(APP_VERSION).toBe('1.8.0');
    expect(Object.values(STORAGE_KEYS)).toEqual([
      'automate.admin.user',
      'automate.admin.vendorId',
      'automate.admin.vendorName',
      'automate.app.changelog.lastSeenUpdated',
    ]);
  });
});
