/**
 * `npm run sm8:check`: a read-only smoke test against a live ServiceM8 account. It reads the account,
 * staff, recent clients, jobs and form responses, sent texts and the webhook subscriptions, and prints
 * whether each answered the way Automate expects. It never writes, subscribes or sends.
 *
 *   SM8_ACCESS_TOKEN   an OAuth access token of the account (required; without it the check is skipped)
 *   SM8_API_URL        https://api.servicem8.com by default
 */
import { runLiveCheck } from '../packages/server/src/integrations/servicem8/live-check.ts';
import { createSm8Client } from '../packages/server/src/integrations/servicem8/sm8-client.ts';
import { createSm8Http } from '../packages/server/src/integrations/servicem8/sm8-http.ts';
import { createLogger } from '../packages/server/src/logger.ts';

const token = process.env.SM8_ACCESS_TOKEN?.trim();
const apiUrl = (process.env.SM8_API_URL ?? 'https://api.servicem8.com').replace(/\/+$/, '');

if (!token) {
  console.info(
    'sm8:check skipped: set SM8_ACCESS_TOKEN to an access token of a ServiceM8 account (from connecting it with ' +
      'the app credentials SM8_APP_ID / SM8_APP_SECRET), and SM8_API_URL if it is not https://api.servicem8.com.',
  );
  process.exit(0);
}

const client = createSm8Client({
  http: createSm8Http({ log: createLogger({ logLevel: 'warn', nodeEnv: 'production' }), retry: { maxAttempts: 2 } }),
  apiUrl,
  accessToken: async () => token,
  takeRateToken: async () => {},
});

const rows = await runLiveCheck(client, new Date());
const mark = { matches: '✓', differs: '✗', 'not seen': '?' } as const;
console.info(`ServiceM8 at ${apiUrl}: what Automate relies on\n`);
for (const row of rows) {
  console.info(`${mark[row.verdict]} ${row.check}\n    expected: ${row.expected}\n    found:    ${row.found}`);
}
const differs = rows.filter((row) => row.verdict === 'differs').length;
const unseen = rows.filter((row) => row.verdict === 'not seen').length;
console.info(`\n${rows.length - differs - unseen} as expected, ${differs} different, ${unseen} not seen.`);
process.exitCode = differs > 0 ? 1 : 0;
