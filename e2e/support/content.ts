import { Article, type ArticleInput, STORAGE_KEYS, successEnvelope } from '@automate/contract';
import type { BrowserContext } from 'playwright-core';
import { apiLogin, SUPER_ADMIN } from './shell.ts';

/** Helpers for the content journeys: articles through the API, and the changelog's last-seen value. */

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

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`HTTP ${response.status} ${response.url}: ${text.slice(0, 500)}`);
  }
}

/** `POST /api/Content/article` as the super admin. */
export async function createArticleAsAdmin(baseUrl: string, input: ArticleInput): Promise<Article> {
  const admin = await apiLogin(baseUrl, SUPER_ADMIN);
  const response = await fetch(`${baseUrl}/api/Content/article`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify(input),
  });
  const body = await readJson(response);
  if (response.status !== 201)
    throw new Error(`Creating an article failed (${response.status}): ${JSON.stringify(body)}`);
  return successEnvelope(Article).parse(body).data;
}

/** A minimal valid PNG (1×1), for upload journeys. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
