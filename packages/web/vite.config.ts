import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { compileHints } from './build/compile-hints.ts';
import { directContractImports } from './build/direct-contract-imports.ts';
import { emotionStylesInRender } from './build/emotion-styles-in-render.ts';
import { muiWithoutCssVariables } from './build/mui-without-css-variables.ts';
import { pageChunks } from './build/page-chunks.ts';
import { prerenderPages } from './build/prerender.ts';
import { routeBudgets } from './build/route-budgets.ts';

/** Where `npm run dev` forwards `/api`; the API server listens on 3000 unless told otherwise. */
const apiTarget = process.env.AUTOMATE_API_URL ?? 'http://localhost:3000';

/**
 * What every page runs on, as one file the entry imports: React, React Router, emotion, MUI's styling
 * system and theme, and the MUI components nearly every page shows (buttons, links, text, boxes, paper).
 * Split by the bundler's default, these are some twenty small files, each compressed on its own and
 * each naming what it imports from the others: together about 11 KB (gzip) more on each page. MUI's small
 * utilities (`@mui/utils`, `@mui/material/utils`) are in it too: about 3 KB that sign-in and home partly
 * do not use, against ten requests fewer for the dashboard and five for sign-in, each a round trip on a
 * phone. Parts only some pages use (MUI's Grid, Container, media queries) stay out of it.
 */
const FRAMEWORK_MODULES = new RegExp(
  [
    String.raw`node_modules[\/]`,
    '(',
    String.raw`(react|react-dom|scheduler|react-router|react-is|stylis|clsx|hoist-non-react-statics|@emotion[\/][^\/]+)[\/]`,
    String.raw`|@mui[\/](styled-engine|private-theming|utils)[\/]`,
    String.raw`|@mui[\/]material[\/]utils[\/]`,
    String.raw`|@mui[\/]system[\/](?!Grid|Container|useMediaQuery)`,
    String.raw`|@mui[\/]material[\/](styles|ButtonBase|Button|Typography|Box|Link|Stack|SvgIcon|Paper|CircularProgress|GlobalStyles|CssBaseline|zero-styled|DefaultPropsProvider|colors|transitions|useLazyRipple)[\/]`,
    ')',
  ].join(''),
);

/** The pages outside /app and /admin, and their layouts: what a visitor who is not signed in can open. */
const isPublicPage = (file: string) =>
  /^src\/app\/(routes|layouts)\//.test(file) && !/^src\/app\/(routes\/(app|admin)|layouts\/shell)\//.test(file);
/** Where first visits start: home and sign-in, with their layouts. */
const SIGN_IN = ['src/app/layouts/card-layout.tsx', 'src/app/routes/auth/login.tsx'];
const HOME = ['src/app/layouts/public-layout.tsx', 'src/app/routes/home.tsx'];
const isLandingPage = (file: string) => [...SIGN_IN, ...HOME].includes(file);
/** Where signing in lands: the shell and the dashboard; and the schemas their requests are read with. */
const SHELL = 'src/app/layouts/shell/shell-layout.tsx';
const DASHBOARD = 'src/app/routes/app/dashboard.tsx';
const SHELL_SCHEMAS = 'src/lib/shell-schemas.ts';
/** The trigger editor, and the pages that edit what it edits: automations, templates, emails and merge fields. */
const EDITOR = 'src/app/routes/app/automation-editor.tsx';
const EDITING_PAGES = [
  EDITOR,
  'src/app/routes/app/automation.tsx',
  'src/app/routes/app/account.tsx',
  'src/app/routes/admin/automation.tsx',
  'src/app/routes/admin/settings.tsx',
];
/** The pages of the app and of the admin area (not the dialogs and panels the shell loads on demand). */
const isSignedInPage = (file: string) => /^src\/app\/routes\/(app|admin)\//.test(file);

/**
 * The dashboard's first visit in a few files instead of dozens (`build/page-chunks.ts`), home's and
 * sign-in's no larger:
 * - `signed-in`: what only the shell uses; `dashboard-page`: what only signed-in pages use of the
 *   dashboard's (the other signed-in pages that share a module with it load it too, about 9 KB);
 * - `shell-shared`: what they share with public pages other than home and sign-in (those that use any
 *   of it load it, about 13 KB);
 * - `landing-shared`, `with-sign-in`, `with-home`: what they share with both landing pages, with
 *   sign-in only, with home only, each something those pages import anyway;
 * - `shell-data`, `shell-data-later`: the schemas the shell and the dashboard read their answers with
 *   (`src/lib/shell-schemas.ts`, loaded beside the requests), zod's included, in two files instead of
 *   ten: what home and sign-in never load, and what sign-in loads only once its form is sent. Other
 *   public pages that read data load them too (up to about 9 KB they do not use);
 * - `editor-page`: what the trigger editor shares only with the other editing pages (its sections, labels,
 *   merge fields); `signed-in-forms`: the form controls and helpers it shares with other pages of the app
 *   and the admin area, none of which a public page or a dialog of the shell loads. The editor's first
 *   visit went from 52 files to 39 (HTTP/1.1 allows six requests at a time). The other signed-in pages
 *   that use any of it load all of it: 4–22 KB more on a first visit (the admin dashboard the most),
 *   most of them in fewer files.
 */
const signedInChunks = pageChunks(fileURLToPath(new URL('.', import.meta.url)), [
  { name: 'signed-in', pages: [SHELL], keepOutOf: isPublicPage },
  { name: 'dashboard-page', pages: [DASHBOARD], keepOutOf: isPublicPage },
  { name: 'shell-shared', pages: [SHELL, DASHBOARD], keepOutOf: isLandingPage },
  { name: 'landing-shared', pages: [SHELL, DASHBOARD], sharedWith: [SIGN_IN, HOME] },
  { name: 'with-sign-in', pages: [SHELL, DASHBOARD], sharedWith: [SIGN_IN] },
  { name: 'with-home', pages: [SHELL, DASHBOARD], sharedWith: [HOME] },
  { name: 'shell-data', pages: [SHELL_SCHEMAS], keepOutOf: isLandingPage },
  {
    name: 'shell-data-later',
    pages: [SHELL_SCHEMAS],
    keepOutOfFirstLoad: (page) => isLandingPage(page) || [SHELL, DASHBOARD].includes(page),
  },
  { name: 'editor-page', pages: [EDITOR], keepOutOf: (page) => !EDITING_PAGES.includes(page) },
  { name: 'signed-in-forms', pages: [EDITOR], keepOutOf: (page) => !isSignedInPage(page) },
]);

/** Where most first visits land; their chunks are compiled while they download (`build/compile-hints.ts`). */
const LANDING_PAGES = [...HOME, ...SIGN_IN, SHELL, DASHBOARD, EDITOR];

export default defineConfig({
  plugins: [
    directContractImports(fileURLToPath(new URL('../contract/src/index.ts', import.meta.url))),
    react(),
    signedInChunks.plugin,
    muiWithoutCssVariables(),
    emotionStylesInRender(),
    compileHints(fileURLToPath(new URL('.', import.meta.url)), LANDING_PAGES),
    // Every asset also as .br and .gz: the server sends the smallest the browser takes, compressed once here.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|html|svg|json|txt|map)$/,
      threshold: 512,
    }),
    routeBudgets(),
    // The public pages' first paint, drawn into their HTML (dist/prerendered/) once the bundles are written.
    prerenderPages(),
    // `npm run size`: dist/stats.html shows which modules make up each chunk (it takes seconds, so only then).
    process.env.BUNDLE_STATS ? visualizer({ filename: 'dist/stats.html', gzipSize: true, brotliSize: true }) : null,
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK_MODULES, priority: 1 },
            // TanStack Query in one file: the pages that read data use most of it, and split it is six.
            { name: 'data-cache', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
            // Only the modules page-chunks chose: pulling their imports in too would take modules the entry or
            // a landing page loads, which would then load the chunk.
            { name: signedInChunks.chunkOf, debugName: 'page-chunks', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
