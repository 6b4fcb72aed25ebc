import { describe, expect, it } from 'vitest';
import { categoryLabel, groupByCategory, humanise } from './categories.ts';
import { APP_HELP_PATHS, helpPathsFor, PUBLIC_HELP_PATHS } from './help-paths.ts';

describe('article categories', () => {
  it('names the contract’s categories and turns others into words', () => {
    expect(categoryLabel('getting-started')).toBe('Getting started');
    expect(categoryLabel('communication')).toBe("What's new");
    expect(categoryLabel('hot-water')).toBe('Hot water');
    expect(humanise('terms-and-conditions')).toBe('Terms and conditions');
  });

  it('groups articles in the contract’s order, unknown categories last, keeping each group’s order', () => {
    const groups = groupByCategory([
      { id: '1', category: 'legal' },
      { id: '2', category: 'zebra' },
      { id: '3', category: 'automations' },
      { id: '4', category: 'getting-started' },
      { id: '5', category: 'automations' },
      { id: '6', category: 'alpha' },
    ]);
    expect(groups.map((group) => group.category)).toEqual([
      'getting-started',
      'automations',
      'legal',
      'alpha',
      'zebra',
    ]);
    expect(groups[1]?.articles.map((article) => article.id)).toEqual(['3', '5']);
    expect(groups[1]?.label).toBe('Automations');
  });
});

describe('help paths', () => {
  it('keep links in the layout they are in', () => {
    expect(helpPathsFor('/help/faq')).toBe(PUBLIC_HELP_PATHS);
    expect(helpPathsFor('/app/help/articles')).toBe(APP_HELP_PATHS);
    expect(PUBLIC_HELP_PATHS.article('billing', 'plans')).toBe('/help/billing/plans');
    expect(APP_HELP_PATHS.article('billing', 'plans')).toBe('/app/help/articles/billing/plans');
    expect(APP_HELP_PATHS.category('getting-started')).toBe('/app/help/articles?category=getting-started');
  });
});
