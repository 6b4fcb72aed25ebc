import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

/** The pages everyone sees the same, signed in or not: served with their first paint already in the HTML. */
const PRERENDERED_PAGES: ReadonlyArray<{ path: string; name: string }> = [
  { path: '/', name: 'home' },
  { path: '/auth/login', name: 'login' },
  { path: '/auth/register', name: 'register' },
  { path: '/auth/reset', name: 'reset' },
];

/** Where the server finds each prerendered page's file (beside Vite's manifest, which it does not serve). */
const PRERENDERED_INDEX = '.vite/prerendered-pages.json';
const PRERENDERED_DIR = 'prerendered';

type RenderPage = (pathname: string) => Promise<{ html: string; head: string }>;

/** The built index.html with the page in `#root` and its title and styles in the head. */
export function pageDocument(shell: string, page: { html: string; head: string }): string {
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root">.');
  const withTitle = page.head.includes('<title>') ? shell.replace(/<title>[^<]*<\/title>/, '') : shell;
  return withTitle
    .replace('</head>', () => `${page.head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
}

/** Builds `src/app/prerender.tsx` for Node into a temporary folder and loads its `renderPage`. */
async function loadRenderer(root: string): Promise<{ renderPage: RenderPage; cleanup: () => void }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-prerender-'));
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@': path.join(root, 'src') } },
    // Bundled rather than imported from node_modules, so MUI's deep imports resolve as they do in the browser build.
    ssr: { noExternal: true },
    build: { ssr: 'src/app/prerender.tsx', outDir, emptyOutDir: true, minify: false, copyPublicDir: false },
  });
  const entry = fs.readdirSync(outDir).find((file) => /^prerender\.m?js$/.test(file));
  if (!entry) throw new Error(`The prerender build wrote no entry in ${outDir}.`);
  const module = (await import(pathToFileURL(path.join(outDir, entry)).href)) as { renderPage: RenderPage };
  return { renderPage: module.renderPage, cleanup: () => fs.rmSync(outDir, { recursive: true, force: true }) };
}

/**
 * After the browser build, renders the public pages that do not depend on who is signed in into
 * `dist/prerendered/<name>.html` (the built index.html, so the hashed entry and its preloads stay), and
 * writes `PRERENDERED_INDEX` (page path → file) for the server. The browser shows them before any
 * JavaScript has run, then `main.tsx` hydrates them. None of this code goes into the browser's bundles.
 */
export function prerenderPages(pages = PRERENDERED_PAGES): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let isSsrBuild = false;
  return {
    name: 'automate-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      isSsrBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (isSsrBuild) return;
      const { renderPage, cleanup } = await loadRenderer(root);
      try {
        const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        fs.mkdirSync(path.join(outDir, PRERENDERED_DIR), { recursive: true });
        const index: Record<string, string> = {};
        for (const page of pages) {
          const file = `${PRERENDERED_DIR}/${page.name}.html`;
          fs.writeFileSync(path.join(outDir, file), pageDocument(shell, await renderPage(page.path)));
          index[page.path] = file;
        }
        fs.writeFileSync(path.join(outDir, PRERENDERED_INDEX), JSON.stringify(index));
      } finally {
        cleanup();
      }
    },
  };
}
