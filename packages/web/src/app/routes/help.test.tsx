// @vitest-environment happy-dom
import type { Article } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { HelpArticleRoute } from './help.tsx';

const ARTICLE: Article = {
  id: '00000000-0000-4000-8000-000000000001',
  category: 'servicem8',
  slug: 'servicing-a-tank',
  title: 'Servicing a rainwater tank',
  content: '## Before you start\n\nDrain the tank and **isolate the pump**.',
  summary: 'A checklist for tank jobs.',
  published: true,
  updated: '2026-04-01T09:00:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

/** Answers the article by its category and slug, and `{ article: null }` for any other. */
function serve() {
  stub = stubFetch(({ url }) => {
    const bySlug = /^\/api\/Content\/article\/category\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (!bySlug) return undefined;
    const found = bySlug[1] === ARTICLE.category && bySlug[2] === ARTICLE.slug;
    return { status: 200, body: { success: true, data: { article: found ? ARTICLE : null } } };
  });
}

describe('a help article', () => {
  it('shows its title as the heading and its Markdown body as HTML', async () => {
    serve();
    renderAsRoute(<HelpArticleRoute />, { path: '/help/:category/:slug', at: '/help/servicem8/servicing-a-tank' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Servicing a rainwater tank' });
    const article = heading.closest('article') as HTMLElement;
    expect(within(article).getByText('A checklist for tank jobs.')).toBeTruthy();
    // The renderer loads on first use.
    expect(await within(article).findByRole('heading', { level: 2, name: 'Before you start' })).toBeTruthy();
    expect(within(article).getByText('isolate the pump').tagName).toBe('STRONG');
    expect(within(article).getByRole('link', { name: 'All articles' }).getAttribute('href')).toBe('/help/articles');
    expect(document.title).toBe('Servicing a rainwater tank · Help · Automate');
  });

  it('inside the app, keeps its link back to the articles there', async () => {
    serve();
    renderAsRoute(<HelpArticleRoute />, {
      path: '/app/help/articles/:category/:slug',
      at: '/app/help/articles/servicem8/servicing-a-tank',
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Servicing a rainwater tank' });
    const article = heading.closest('article') as HTMLElement;
    expect(await within(article).findByRole('heading', { level: 2, name: 'Before you start' })).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'All articles' }).getAttribute('href')).toBe('/app/help/articles');
  });

  it('is the not-found page when there is no such article', async () => {
    serve();
    renderAsRoute(<HelpArticleRoute />, { path: '/help/:category/:slug', at: '/help/servicem8/no-such-thing' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/help/servicem8/no-such-thing')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found · Automate'));
    expect(screen.queryByRole('link', { name: 'All articles' })).toBeNull();
  });
});
