/**
 * `npm run lighthouse`: Lighthouse (its default mobile emulation and throttling) on the home page, sign-in,
 * the dashboard and the trigger editor of the production build, served by the real server in demo mode,
 * in the system Chromium. Writes the scores and the main metrics to docs/lighthouse.json and prints them
 * beside the goals.
 *
 * Build the web app first (`npm run build`). `CHROMIUM_PATH` points at another Chromium; `LIGHTHOUSE_RUNS`
 * sets how many times each page is measured (3, each a first visit in a Chromium of its own; the median run
 * is reported, and a run Lighthouse could not finish is run again); `LIGHTHOUSE_PAGES` measures only the
 * pages it names (`home,login`); `LIGHTHOUSE_THROTTLING=devtools` slows the network and CPU for
 * real instead of simulating them (Lighthouse's estimate counts a script that finished before the
 * unthrottled first paint as blocking it, which a prerendered page's module scripts are not);
 * `LIGHTHOUSE_HTTP2=1` measures through an HTTP/2 proxy over TLS, as a deployment serves the app
 * (`scripts/lighthouse-http2-proxy.ts`), and writes docs/lighthouse-http2.json instead.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { STORAGE_KEYS, successEnvelope, UserSession } from '@automate/contract';
import lighthouse from 'lighthouse';
import { startHttp2Proxy } from './lighthouse-http2-proxy.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Through an HTTP/2 proxy, as deployed (`LIGHTHOUSE_HTTP2=1`), or straight to the server over HTTP/1.1. */
const HTTP2 = process.env.LIGHTHOUSE_HTTP2 === '1';
const OUTPUT = path.join(ROOT, HTTP2 ? 'docs/lighthouse-http2.json' : 'docs/lighthouse.json');
/** Each page's whole report (git ignores test-results/), for what the summary leaves out. */
const REPORTS = path.join(ROOT, 'test-results/lighthouse');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Runs per page (`LIGHTHOUSE_RUNS`, 3 by default); the median one is reported. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  // The proxy's certificate is its own, made for the run.
  ...(HTTP2 ? ['--ignore-certificate-errors'] : []),
];

/** The accounts demo mode creates (its Admin of Demo Plumbing Ltd) and the first super admin it is given. */
const DEMO_ADMIN = { email: 'demo-admin@automate.local', password: 'demo-admin-2026' };
const SUPER_ADMIN = { email: 'root@automate.local', password: 'root-password-2026' };

type Goal = { performance: number; accessibility: number; bestPractices: number };
const PAGES: Array<{ name: string; path: string; signedIn: boolean; goal: Goal }> = [
  { name: 'home', path: '/', signedIn: false, goal: { performance: 95, accessibility: 100, bestPractices: 95 } },
  {
    name: 'login',
    path: '/auth/login',
    signedIn: false,
    goal: { performance: 95, accessibility: 100, bestPractices: 95 },
  },
  {
    name: 'dashboard',
    path: '/app/dashboard',
    signedIn: true,
    goal: { performance: 90, accessibility: 100, bestPractices: 95 },
  },
  {
    name: 'trigger editor',
    path: '/app/automation/view/new',
    signedIn: true,
    goal: { performance: 90, accessibility: 100, bestPractices: 95 },
  },
];
/** The pages `LIGHTHOUSE_PAGES` names (all when unset). */
const MEASURED = process.env.LIGHTHOUSE_PAGES
  ? PAGES.filter((page) => process.env.LIGHTHOUSE_PAGES?.split(',').includes(page.name))
  : PAGES;
const METRICS = {
  'first-contentful-paint': 'fcpMs',
  'largest-contentful-paint': 'lcpMs',
  'total-blocking-time': 'tbtMs',
  'cumulative-layout-shift': 'cls',
  'speed-index': 'speedIndexMs',
} as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function apiLogin(baseUrl: string, account: { email: string; password: string }): Promise<UserSession> {
  const response = await fetch(`${baseUrl}/api/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`Signing in as ${account.email} failed (${response.status}).`);
  return successEnvelope(UserSession).parse(await response.json()).data;
}

/** The real server in demo mode on the embedded database, in a directory of its own, serving the build. */
async function startDemoServer(): Promise<{ baseUrl: string; stop: () => void }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-lighthouse-data-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(ROOT, 'packages/server/src/main.ts')], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      ADMIN_EMAIL: SUPER_ADMIN.email,
      ADMIN_PASSWORD: SUPER_ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    child.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  };
  await waitForUrl(`${baseUrl}/api/health`, 120_000, () => {
    stop();
    return new Error('The server did not answer /api/health within 120 s.');
  });
  return { baseUrl, stop };
}

async function waitForUrl(url: string, timeoutMs: number, failure: () => Error): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw failure();
}

type CdpCommand = { method: string; params?: Record<string, unknown> };

/** Opens `url` in a new tab of the Chromium on `port`, sends it `commands` one after another and closes it. */
async function runInTab(port: number, url: string, commands: CdpCommand[]): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/json/new?${encodeURI(url)}`, { method: 'PUT' });
  const tab = (await response.json()) as { id: string; webSocketDebuggerUrl: string };
  // Give a page a moment to load its origin before writing to its storage.
  if (url !== 'about:blank') await new Promise((resolve) => setTimeout(resolve, 2_000));
  const socket = new WebSocket(tab.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let id = 0;
  for (const command of commands) {
    id += 1;
    const answered = new Promise((resolve) => {
      const onMessage = (event: MessageEvent) => {
        if ((JSON.parse(String(event.data)) as { id?: number }).id === id) {
          socket.removeEventListener('message', onMessage);
          resolve(null);
        }
      };
      socket.addEventListener('message', onMessage);
    });
    socket.send(JSON.stringify({ id, ...command }));
    await answered;
  }
  socket.close();
  await fetch(`http://127.0.0.1:${port}/json/close/${tab.id}`);
}

async function startChromium(port: number): Promise<ChildProcess> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-lighthouse-'));
  const child = spawn(CHROMIUM, [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`], {
    stdio: 'ignore',
  });
  child.once('exit', () => fs.rmSync(profile, { recursive: true, force: true }));
  await waitForUrl(`http://127.0.0.1:${port}/json/version`, 30_000, () => {
    child.kill();
    return new Error(`Chromium (${CHROMIUM}) did not open its debugging port within 30 s.`);
  });
  return child;
}

if (!fs.existsSync(path.join(ROOT, 'packages/web/dist/index.html'))) {
  throw new Error('Build the web app first: npm run build');
}
const server = await startDemoServer();
const proxy = HTTP2 ? await startHttp2Proxy(server.baseUrl) : null;
/** Where the browser opens the pages. */
const origin = proxy?.url ?? server.baseUrl;
let chrome: ChildProcess | null = null;
try {
  // The signed-in pages read the session from localStorage: it is put there before them and taken out
  // before the public pages, which are measured as a visitor sees them (Lighthouse is told to keep the
  // origin's storage). The changelog is marked as seen so its dialog does not open over the page.
  const session = await apiLogin(server.baseUrl, DEMO_ADMIN);
  const evaluate = (expression: string): CdpCommand => ({ method: 'Runtime.evaluate', params: { expression } });
  const userKey = JSON.stringify(STORAGE_KEYS.user);
  const storeSession = (port: number, signedIn: boolean) =>
    runInTab(port, `${origin}/auth/login`, [
      evaluate(
        signedIn
          ? `localStorage.setItem(${userKey}, ${JSON.stringify(JSON.stringify(session))})`
          : `localStorage.removeItem(${userKey})`,
      ),
      evaluate(`localStorage.setItem(${JSON.stringify(STORAGE_KEYS.changelogLastSeen)}, '9999-12-31T23:59:59.000Z')`),
    ]);

  const results = [];
  for (const target of MEASURED) {
    // Scores vary from run to run (more so on a busy machine): each page is measured RUNS times and the
    // run with the median performance score is the one reported, as Lighthouse's own advice goes.
    const runs = [];
    let failedRuns = 0;
    while (runs.length < RUNS) {
      // Each run is a first visit, in a Chromium of its own: one kept open remembers the scripts it has
      // compiled (an emptied HTTP cache or not), and its later runs compiled less than a visitor's first.
      const port = await freePort();
      chrome = await startChromium(port);
      await storeSession(port, target.signedIn);
      await runInTab(port, 'about:blank', [{ method: 'Network.clearBrowserCache' }]);
      const result = await lighthouse(`${origin}${target.path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: true,
        throttlingMethod: process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate',
      });
      if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${target.path}`);
      chrome.kill();
      chrome = null;
      const error = result.lhr.runtimeError;
      if (error) {
        // A run Lighthouse could not finish (the page never painted in time on a busy machine, say) scores 0;
        // it says nothing about the page, so it is reported and run again, up to RUNS times over.
        failedRuns += 1;
        process.stderr.write(`${target.name}: a run failed (${error.code}: ${error.message}).\n`);
        if (failedRuns > RUNS) throw new Error(`Lighthouse could not finish ${target.path}: ${error.message}`);
        continue;
      }
      runs.push(result.lhr);
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)];
    if (!lhr) throw new Error(`Lighthouse gave no result for ${target.path}`);
    fs.mkdirSync(REPORTS, { recursive: true });
    fs.writeFileSync(path.join(REPORTS, `${target.name.replace(/ /g, '-')}.json`), JSON.stringify(lhr, null, 2));
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([audit, key]) => {
        const value = lhr.audits[audit]?.numericValue ?? 0;
        return [key, audit === 'cumulative-layout-shift' ? Math.round(value * 1000) / 1000 : Math.round(value)];
      }),
    );
    // What Lighthouse says would help most: its failed performance audits with the most to gain.
    const opportunities = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          (audit.details?.type === 'opportunity' || (audit.metricSavings && Object.keys(audit.metricSavings).length)),
      )
      .map((audit) => ({ id: audit.id, title: audit.title, displayValue: audit.displayValue ?? '' }))
      .slice(0, 5);
    const failedAccessibility = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    const entry = {
      page: target.name,
      path: target.path,
      performanceRuns: runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)),
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      goal: target.goal,
      metrics,
      opportunities,
      failedAccessibility,
    };
    results.push(entry);
    process.stdout.write(
      `${target.name.padEnd(15)} performance ${entry.performance} (goal ${target.goal.performance}), ` +
        `accessibility ${entry.accessibility} (${target.goal.accessibility}), ` +
        `best practices ${entry.bestPractices} (${target.goal.bestPractices}); ` +
        `FCP ${metrics.fcpMs} ms, LCP ${metrics.lcpMs} ms, TBT ${metrics.tbtMs} ms, CLS ${metrics.cls}\n`,
    );
  }
  const summary = {
    measuredAt: new Date().toISOString(),
    lighthouse: 'default mobile emulation and throttling',
    protocol: HTTP2 ? 'HTTP/2 over TLS, through a proxy' : 'HTTP/1.1, straight to the server',
    chromium: CHROMIUM,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
    pages: results,
  };
  fs.writeFileSync(OUTPUT, `${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(`Written to ${path.relative(ROOT, OUTPUT)}\n`);
} finally {
  chrome?.kill();
  proxy?.stop();
  server.stop();
}
