import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/**
 * Debian's headless shell: Chromium's engine without the browser around it, which the journeys never
 * see (no windows, tabs or profile). It draws and runs the pages as Chromium does, for a third less of
 * the CPU the full browser in headless mode spends on the same journeys.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** The worker's Chromium: journeys that follow one another in a worker (`isolate: false`) share it. */
let running: Promise<Browser> | undefined;

/**
 * Debian's Chromium, headless, kept off the network except for the app under test. Each journey gets
 * its own view of the worker's one Chromium: what it opens are contexts of its own (separate cookies and
 * storage, as a new browser's), and closing it closes those, not the Chromium the next journey uses
 * (starting one cost a second of CPU per journey).
 */
export async function launchBrowser(): Promise<Browser> {
  let browser = await running;
  if (!browser?.isConnected()) {
    running = startChromium();
    browser = await running;
  }
  return journeyView(browser);
}

function startChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium's headless shell is not installed at ${CHROMIUM}. Install it with ` +
        '`apt-get install -y chromium-headless-shell`, or point CHROMIUM_PATH at a Chromium binary.',
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
      // A journey's page lives for seconds: V8's optimizing compiler spent more CPU compiling the app's
      // code than the compiled code saved (a sixth of the pages' CPU).
      '--js-flags=--no-opt',
    ],
  });
}

/** `browser` as one journey sees it: `close()` closes the contexts this journey opened. */
function journeyView(browser: Browser): Browser {
  const opened = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, key) {
      if (key === 'newContext') {
        return async (...args: Parameters<Browser['newContext']>) => track(await target.newContext(...args));
      }
      if (key === 'newPage') {
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args);
          track(page.context());
          return page;
        };
      }
      if (key === 'close') {
        return async () => {
          await Promise.all([...opened].map((context) => context.close()));
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
