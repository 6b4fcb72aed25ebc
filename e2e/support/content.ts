import { STORAGE_KEYS } from '@automate/contract';
import type { BrowserContext } from 'playwright-core';

/** Helpers for the content journeys: the changelog's last-seen value, and an image to upload. */

/** Far enough ahead that no article is newer: the changelog never opens by itself. */
const CHANGELOG_SEEN_FOREVER = '9999-12-31T23:59:59.000Z';

/**
 * Every page of `context` starts with the changelog marked as seen, so its dialog does not open over the
 * page (journeys that are not about the changelog). A value already stored is left alone.
 */
export async function markChangelogSeen(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ key, value }) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
    },
    { key: STORAGE_KEYS.changelogLastSeen, value: CHANGELOG_SEEN_FOREVER },
  );
}

/** A minimal valid PNG (1×1), for upload journeys. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
