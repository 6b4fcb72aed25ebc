import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, kept off the network except for the app under test. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}. Install it with \`apt-get install -y chromium\`, ` +
        'or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
