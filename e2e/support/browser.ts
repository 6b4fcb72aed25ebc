import fs from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

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

/**
 * Windows ask for reduced motion unless a journey says otherwise: the app then draws no transitions or
 * ripples, which Chromium painted frame by frame in software (a fifth of its CPU over the shell journeys).
 * What the journeys check is where a page ends up, not how it moves there; the sidebar journey keeps the
 * motion, to see its transition settle at the rail's and the full width.
 */
const STILL: BrowserContextOptions = { reducedMotion: 'reduce' };

/**
 * `browser` as one journey sees it: `close()` closes the contexts this journey opened, and what it opens
 * asks for reduced motion unless the options say otherwise.
 */
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
        return async (options?: BrowserContextOptions) => track(await target.newContext({ ...STILL, ...options }));
      }
      if (key === 'newPage') {
        return async (options?: BrowserContextOptions) => {
          const page = await target.newPage({ ...STILL, ...options });
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
