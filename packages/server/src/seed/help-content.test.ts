import {
  ACTION_WORDS,
  AUTOMATION_ACTIONS,
  AUTOMATION_CONDITIONS,
  CONDITION_WORDS,
  isMergeField,
  mergeFieldNamesIn,
  TRIGGER_EVENT_LABELS,
  TRIGGER_EVENTS,
} from '@automate/contract';
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

  it('lists every event, condition and action by the label the editor shows, never by its code name', () => {
    const content = (slug: string) => HELP_ARTICLES.find((article) => article.slug === slug)?.content ?? '';
    const bullets = (slug: string) => [...content(slug).matchAll(/^- \*\*(.+?)\*\*: /gm)].map((match) => match[1]);
    expect(bullets('events')).toEqual(TRIGGER_EVENTS.map((event) => TRIGGER_EVENT_LABELS[event]));
    expect(bullets('conditions')).toEqual(AUTOMATION_CONDITIONS.map((type) => CONDITION_WORDS[type].label));
    expect(bullets('actions')).toEqual(AUTOMATION_ACTIONS.map((type) => ACTION_WORDS[type].label));
    const codeNames = [...TRIGGER_EVENTS, ...AUTOMATION_CONDITIONS, ...AUTOMATION_ACTIONS];
    const everything = HELP_ARTICLES.map((article) => `${article.summary}\n${article.content}`).join('\n');
    expect(codeNames.filter((name) => new RegExp(`\\b${name}\\b`).test(everything))).toEqual([]);
  });
});
