// @vitest-environment happy-dom
import type { Article } from '@automate/contract';
import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { PrivacyPolicyRoute, TermsRoute } from './legal.tsx';

const legalArticle = (slug: string, title: string, content: string): Article => ({
  id: '00000000-0000-4000-8000-000000000001',
  category: 'legal',
  slug,
  title,
  content,
  summary: '',
  published: true,
  updated: '2026-04-01T09:00:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
});

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

describe('the legal pages', () => {
  it.each<[string, ComponentType, Article, string]>([
    [
      'the privacy policy',
      PrivacyPolicyRoute,
      legalArticle('privacy-policy', 'Privacy policy', '**Who we are.** Automate runs automations.'),
      'Who we are.',
    ],
    [
      'the terms',
      TermsRoute,
      legalArticle('terms-and-conditions', 'Terms and conditions', '1. **The service.** We run them.'),
      'The service.',
    ],
  ])('renders %s from its legal article’s Markdown', async (_, Page, article, bold) => {
    stub = stubFetch(({ url }) =>
      url.pathname === `/api/Content/article/category/legal/${article.slug}`
        ? { status: 200, body: { success: true, data: { article } } }
        : undefined,
    );
    renderWithProviders(<Page />);
    const heading = await screen.findByRole('heading', { level: 1, name: article.title });
    const page = heading.closest('article') as HTMLElement;
    // The renderer loads on first use.
    expect((await within(page).findByText(bold)).tagName).toBe('STRONG');
    expect(within(page).queryByText('No article content available.')).toBeNull();
    expect(document.title).toBe(`${article.title} · Automate`);
  });
});
