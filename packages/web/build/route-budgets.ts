import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { reachable } from './reachable.ts';

/** One chunk of Vite's build manifest (`.vite/manifest.json`), as much of it as the budgets read. */
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/**
 * What a first visit to a page downloads before it shows: the app's entry and, for the page, its
 * layout's and its own module, each with every chunk it imports statically. Code loaded later (a
 * dialog, the editor opened from the page) is not counted.
 */
export type RouteBudget = { route: string; modules: string[]; maxGzipKb: number };

/**
 * A phone on a weak connection signs in and opens the dashboard: these are the most it downloads.
 * The aim is 150 KB for the public and sign-in pages and 250 KB for the dashboard. The dashboard holds
 * its aim (zod and its schemas load beside its requests). The public and sign-in pages cannot on this
 * stack: a bare sign-in form built alone with React DOM, React Router's data router and MUI (text
 * fields, button, card, alert, link; its CSS-variables code left out as here) is 157 KB: React DOM 66 KB,
 * the router 30 KB, MUI and emotion 61 KB (docs/BENCHMARKS.md, 2026-11-28). Their budgets hold today's
 * size with a little room, so nothing grows unnoticed. The trigger editor and the pages the product's
 * emails lead to are measured too, so that the server preloads their chunks (a first visit from an email
 * on a phone paints about half a second sooner). A route may name a parameter (`:id`): its chunks are
 * those of every page it matches.
 */
/** A signed-in page: the shell's layout and the page's module `src/app/routes/app/{page}.tsx`. */
const shellPage = (route: string, page: string, maxGzipKb: number): RouteBudget => ({
  route,
  modules: ['src/app/layouts/shell/shell-layout.tsx', `src/app/routes/app/${page}.tsx`],
  maxGzipKb,
});

const ROUTE_BUDGETS: RouteBudget[] = [
  {
    route: '/auth/login',
    modules: ['src/app/layouts/card-layout.tsx', 'src/app/routes/auth/login.tsx'],
    maxGzipKb: 170,
  },
  { route: '/', modules: ['src/app/layouts/public-layout.tsx', 'src/app/routes/home.tsx'], maxGzipKb: 162 },
  shellPage('/app/dashboard', 'dashboard', 250),
  // Every trigger's editor (`:id` is a trigger's id or `new`): the server preloads these chunks for each.
  shellPage('/app/automation/view/:id', 'automation-editor', 340),
  // Where the product's emails lead: a failure alert and the daily digest to the run log, billing notices
  // to the subscription.
  shellPage('/app/automation/logs', 'automation', 370),
  shellPage('/app/account/subscription/overview', 'account', 380),
];

export type RouteSize = RouteBudget & { files: string[]; gzipKb: number };

/** The JavaScript files a first visit to each route loads, and their gzip size in KB. */
export function measureRoutes(
  manifest: Manifest,
  gzipBytesOf: (file: string) => number,
  budgets: RouteBudget[] = ROUTE_BUDGETS,
): RouteSize[] {
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  return budgets.map((budget) => {
    const missing = budget.modules.filter((module) => !manifest[module]);
    if (missing.length > 0) {
      throw new Error(
        `The route budget of ${budget.route} names ${missing.join(', ')}, which the build does not have.`,
      );
    }
    const files = [...staticClosure(manifest, [...entry, ...budget.modules])]
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => file?.endsWith('.js') === true);
    const bytes = files.reduce((sum, file) => sum + gzipBytesOf(file), 0);
    return { ...budget, files, gzipKb: Math.round(bytes / 102.4) / 10 };
  });
}

function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  return reachable(roots, (key) => manifest[key]?.imports ?? []);
}

/**
 * For each route, its files the entry does not import itself (index.html already preloads those): the
 * server names them in `<link rel="modulepreload">` in the page it sends for that path, so the browser
 * fetches them beside the entry instead of after the entry has run.
 */
export function routePreloads(manifest: Manifest, sizes: RouteSize[]): Record<string, string[]> {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const entryFiles = new Set([...staticClosure(manifest, entryKeys)].map((key) => manifest[key]?.file));
  return Object.fromEntries(
    sizes.map((size) => [size.route, size.files.filter((file) => !entryFiles.has(file)).map((file) => `/${file}`)]),
  );
}

/** Where the build writes `routePreloads` (beside Vite's manifest, which the server does not serve). */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** The routes over their budget, one sentence each. */
export function budgetBreaches(sizes: RouteSize[]): string[] {
  return sizes
    .filter((size) => size.gzipKb > size.maxGzipKb)
    .map(
      (size) => `${size.route} loads ${size.gzipKb} KB of JavaScript (gzip), over its budget of ${size.maxGzipKb} KB.`,
    );
}

/** The size report: one row a route, then its files. */
export function sizeReport(sizes: RouteSize[]): string {
  const rows = sizes.map(
    (size) => `| \`${size.route}\` | ${size.gzipKb} KB | ${size.maxGzipKb} KB | ${size.files.length} |`,
  );
  return [
    '# Web app size',
    '',
    'What a first visit to each page downloads in JavaScript, gzip-compressed (the server sends Brotli, a',
    'little smaller, to browsers that take it). Written by `npm run build`; the build fails when a route',
    'is over its budget (`packages/web/build/route-budgets.ts`).',
    '',
    '| route | JavaScript (gzip) | budget | files |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/**
 * Checks the budgets once the build is written, and fails the build with the routes over budget.
 * Writes the size report into the output folder (`bundle-size.md`; `npm run size` copies it to docs/)
 * and each route's files to preload (`ROUTE_PRELOADS_FILE`).
 */
export function routeBudgets(budgets: RouteBudget[] = ROUTE_BUDGETS): Plugin {
  let outDir = 'dist';
  return {
    name: 'automate-route-budgets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const sizes = measureRoutes(
        manifest,
        (file) => gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length,
        budgets,
      );
      fs.writeFileSync(path.join(outDir, 'bundle-size.md'), sizeReport(sizes));
      fs.writeFileSync(path.join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads(manifest, sizes)));
      const breaches = budgetBreaches(sizes);
      if (breaches.length > 0) this.error(`Over the size budget:\n${breaches.join('\n')}`);
    },
  };
}
