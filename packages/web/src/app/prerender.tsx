import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createSessionStore } from '@/lib/session/session-store.ts';
import { AppProviders } from './providers.tsx';
import { createAppRoutes } from './router.tsx';

/** A page rendered at build time: the markup for `#root`, and what goes in the head (its title and styles). */
export type PrerenderedPage = { html: string; head: string };

/** Nothing is stored at build time: every page renders as a visitor who is signed out sees it. */
function signedOutSession() {
  const nothing = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  return createSessionStore(nothing);
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/**
 * Renders the page at `pathname` as the browser's first render draws it (`main.tsx` hydrates it): the same
 * providers and routes, signed out, its lazy route modules and lazy components resolved. Emotion's styles
 * are collected under the key the browser's cache uses (`css`), so it adopts them instead of adding its own.
 */
export async function renderPage(pathname: string): Promise<PrerenderedPage> {
  const session = signedOutSession();
  const routes = createAppRoutes(session);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} redirects; only pages can be prerendered.`);
  if (context.errors) throw new Error(`${pathname} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const cache = createCache({ key: 'css' });
  // The styles go in the head, not beside each element (emotion's default on a server).
  cache.compat = true;
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);

  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders session={session}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  const rendered = await readAll(prelude);
  // React writes the page's hoisted elements (its <title>) ahead of the markup; they belong in the head.
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)*/.exec(rendered)?.[0] ?? '';
  const html = rendered.slice(hoisted.length);
  const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html));
  return { html, head: `${hoisted}${styles}` };
}
