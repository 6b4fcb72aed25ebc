import { isMergeField, mergeFieldNamesIn } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES, HELP_FAQS } from './help-content.ts';

describe('the help content a new installation starts with', () => {
  it('names only merge fields that exist', () => {
    const texts = [
      ...HELP_ARTICLES.map((article) => ({ where: `${article.category}/${article.slug}`, text: article.content })),
      ...HELP_FAQS.map((faq) => ({ where: faq.question, text: faq.answer })),
    ];
    const named = texts.flatMap(({ where, text }) => mergeFieldNamesIn(text).map((name) => ({ where, name })));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter(({ name }) => !isMergeField(name))).toEqual([]);
  });
});
