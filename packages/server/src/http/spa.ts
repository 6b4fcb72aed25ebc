import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from './app-type.ts';
import { sendRouteNotFound } from './error-handler.ts';

/** Each measured page's own chunks, written by the web app's build (`packages/web/build/route-budgets.ts`). */
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');

/** The build's preload list: page path → its chunks; none when the build wrote no list. */
async function readRoutePreloads(webRoot: string): Promise<Record<string, string[]>> {
  try {
    return JSON.parse(await fs.promises.readFile(path.join(webRoot, ROUTE_PRELOADS_FILE), 'utf8')) as Record<
      string,
      string[]
    >;
  } catch {
    return {};
  }
}

/**
 * index.html for the page at `url`, naming the page's own chunks in `<link rel="modulepreload">`, so the
 * browser fetches them beside the entry rather than once the entry has run and routed.
 */
async function pageHtml(webRoot: string, url: string): Promise<string> {
  const [html, preloads] = await Promise.all([
    fs.promises.readFile(path.join(webRoot, 'index.html'), 'utf8'),
    readRoutePreloads(webRoot),
  ]);
  const pathname = url.split('?')[0]?.replace(/(.)\/+$/, '$1') ?? '/';
  const files = preloads[pathname] ?? [];
  if (files.length === 0) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never is, so a deploy
 * reaches users on their next navigation. Each file goes out as the Brotli or gzip copy the build made
 * beside it when the browser takes one. Non-API paths that are no file get index.html (the SPA routes
 * them), with the page's chunks to preload; unknown /api paths get the JSON 404.
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
