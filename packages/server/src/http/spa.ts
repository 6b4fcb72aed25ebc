import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from './app-type.ts';
import { sendRouteNotFound } from './error-handler.ts';

/** Each measured page's own chunks, written by the web app's build (`packages/web/build/route-budgets.ts`). */
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');
/** The pages drawn at build time (page path → its HTML file), written by `packages/web/build/prerender.ts`. */
const PRERENDERED_PAGES_FILE = path.join('.vite', 'prerendered-pages.json');

/**
 * Headers only a document acts on (its content policy, framing, cross-origin window and HSTS, which the
 * page itself carries). A script gains nothing from them, and a first visit fetches 20 to 70 scripts,
 * each with about 650 bytes of them, uncompressed, over a phone's connection. nosniff, the resource
 * policy and the referrer policy, which apply to the file itself, stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** A list the build wrote, page path → value; empty when the build wrote none. */
async function readBuildList<T>(webRoot: string, file: string): Promise<Record<string, T>> {
  try {
    return JSON.parse(await fs.promises.readFile(path.join(webRoot, file), 'utf8')) as Record<string, T>;
  } catch {
    return {};
  }
}

/** The HTML the page at `pathname` starts from: its prerendered file when the build drew it, else index.html. */
async function shellHtml(webRoot: string, pathname: string): Promise<string> {
  const prerendered = (await readBuildList<string>(webRoot, PRERENDERED_PAGES_FILE))[pathname];
  if (prerendered) {
    try {
      return await fs.promises.readFile(path.join(webRoot, prerendered), 'utf8');
    } catch {
      // listed but missing (a build half written): the plain shell still works
    }
  }
  return fs.promises.readFile(path.join(webRoot, 'index.html'), 'utf8');
}

/**
 * The files of the listed route whose pattern (`/app/automation/view/:id`) matches `pathname`, a `:name`
 * segment standing for any one segment; none when no pattern matches.
 */
function preloadsByPattern(preloads: Record<string, string[]>, pathname: string): string[] {
  const segments = pathname.split('/');
  const pattern = Object.keys(preloads).find((route) => {
    const parts = route.split('/');
    return (
      route.includes('/:') &&
      parts.length === segments.length &&
      parts.every((part, index) => part.startsWith(':') || part === segments[index])
    );
  });
  return pattern ? (preloads[pattern] ?? []) : [];
}

/**
 * The HTML for the page at `url`: the page already drawn when the build prerendered it (the browser shows it
 * before the app's code runs, then hydrates it), else index.html; with the page's own chunks named in
 * `<link rel="modulepreload">`, so the browser fetches them beside the entry rather than once the entry has run.
 */
async function pageHtml(webRoot: string, url: string): Promise<string> {
  const pathname = url.split('?')[0]?.replace(/(.)\/+$/, '$1') ?? '/';
  const [html, preloads] = await Promise.all([
    shellHtml(webRoot, pathname),
    readBuildList<string[]>(webRoot, ROUTE_PRELOADS_FILE),
  ]);
  const files = preloads[pathname] ?? preloadsByPattern(preloads, pathname);
  if (files.length === 0) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never is, so a deploy
 * reaches users on their next navigation. Each file goes out as the Brotli or gzip copy the build made
 * beside it when the browser takes one. Non-API paths that are no file get index.html (the SPA routes
 * them; the pages the build prerendered get their own file), with the page's chunks to preload; unknown /api
 * paths get the JSON 404.
 */
export async function registerSpa(app: App, webRoot: string | undefined): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && fs.existsSync(indexFile);
  if (webRoot && hasSpa) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // Folders (`/` among them) are pages: the not-found handler below sends index.html with their preloads.
      index: false,
      allowedPath: (pathname) => !pathname.endsWith('/'),
      wildcard: true,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The Brotli or gzip copy of a script is a script too.
        if (/\.m?js(\.br|\.gz)?$/.test(filePath)) {
          for (const header of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(header);
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (!wantsPage) return sendRouteNotFound(request, reply);
    if (!webRoot || !hasSpa) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build`, or `npm start`, which builds it when missing.');
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await pageHtml(webRoot, request.url));
  });
}
