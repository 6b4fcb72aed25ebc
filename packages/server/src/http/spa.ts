import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from './app-type.ts';
import { sendRouteNotFound } from './error-handler.ts';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never is, so a deploy
 * reaches users on their next navigation. Each file goes out as the Brotli or gzip copy the build made
 * beside it when the browser takes one. Unknown non-API paths get index.html (the SPA routes them);
 * unknown /api paths get the JSON 404.
 */
export async function registerSpa(app: App, webRoot: string | undefined): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && fs.existsSync(indexFile);
  if (webRoot && hasSpa) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: ['index.html'],
      wildcard: true,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (!wantsPage) return sendRouteNotFound(request, reply);
    if (!hasSpa) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build`, or `npm start`, which builds it when missing.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
