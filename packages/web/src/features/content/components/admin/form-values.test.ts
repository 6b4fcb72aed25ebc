import type { Article, Faq } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { articleFormValues, sameArticleValues, toArticleInput, validateArticle } from './article-form-values.ts';
import { faqFormValues, SORT_ORDER_MESSAGE, sameFaqValues, toFaqInput, validateFaq } from './faq-form-values.ts';

const ARTICLE: Article = {
  id: '6f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11',
  category: 'communication',
  slug: 'changelog',
  title: "What's new",
  content: '## 1.8.0',
  summary: 'Latest changes.',
  published: true,
  updated: '2026-04-01T09:00:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
};

describe('the article form', () => {
  it('starts a new article as a draft in Getting started with no slug', () => {
    expect(articleFormValues(null)).toEqual({
      title: '',
      category: 'getting-started',
      slug: '',
      summary: '',
      content: '',
      published: false,
    });
  });

  it('sends trimmed values, and no slug when it was left blank (the server makes one)', () => {
    expect(toArticleInput({ ...articleFormValues(ARTICLE), title: '  Release  ', slug: '  ', summary: ' s ' })).toEqual(
      {
        category: 'communication',
        title: 'Release',
        summary: 's',
        content: '## 1.8.0',
        published: true,
      },
    );
    expect(toArticleInput(articleFormValues(ARTICLE)).slug).toBe('changelog');
  });

  it('checks the contract’s rules before sending', () => {
    expect(validateArticle(articleFormValues(ARTICLE))).toEqual({});
    expect(validateArticle({ ...articleFormValues(ARTICLE), title: ' ', slug: 'Not A Slug' })).toEqual({
      title: 'Title: give the article a title.',
      slug: 'Slug: use lowercase words joined by hyphens, e.g. connecting-servicem8.',
    });
  });

  it('knows when something changed', () => {
    const values = articleFormValues(ARTICLE);
    expect(sameArticleValues(values, { ...values })).toBe(true);
    expect(sameArticleValues(values, { ...values, published: false })).toBe(false);
  });
});

describe('the FAQ form', () => {
  const FAQ: Faq = {
    id: '7f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11',
    question: 'Can I cancel?',
    answer: 'Yes.',
    sortOrder: 30,
    published: false,
    updated: '2026-04-01T09:00:00.000Z',
    createdAt: '2026-03-01T09:00:00.000Z',
  };

  it('puts a new entry after the last one', () => {
    expect(faqFormValues(null, 40).sortOrder).toBe('40');
    expect(faqFormValues(FAQ)).toEqual({
      question: 'Can I cancel?',
      answer: 'Yes.',
      sortOrder: '30',
      published: false,
    });
  });

  it('sends the order as a number and checks it', () => {
    expect(toFaqInput({ ...faqFormValues(FAQ), sortOrder: ' 15 ' })).toMatchObject({ sortOrder: 15 });
    expect(validateFaq(faqFormValues(FAQ))).toEqual({});
    expect(validateFaq({ ...faqFormValues(FAQ), sortOrder: '-1' })).toEqual({ sortOrder: SORT_ORDER_MESSAGE });
    expect(validateFaq({ ...faqFormValues(FAQ), sortOrder: '2.5', question: '' })).toEqual({
      question: 'Question: write the question.',
      sortOrder: SORT_ORDER_MESSAGE,
    });
    expect(sameFaqValues(faqFormValues(FAQ), { ...faqFormValues(FAQ), sortOrder: '30 ' })).toBe(true);
  });
});
