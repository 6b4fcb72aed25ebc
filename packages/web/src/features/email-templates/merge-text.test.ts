import { MERGE_FIELDS } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { insertAt, mergeTag } from '@/components/ui/merge-field-picker.tsx';
import { previewText, renderPreview, SAMPLE_MERGE_VALUES, sampleValuesFor } from './merge-text.ts';

const SAMPLE = { 'job.number': '1042', 'contact.first_name': 'Aroha' };

describe('renderPreview', () => {
  it('fills merge fields with sample values, with or without spaces', () => {
    const preview = renderPreview('Hi {{ contact.first_name }}, job {{job.number}} is booked.', SAMPLE);
    expect(previewText(preview)).toBe('Hi Aroha, job 1042 is booked.');
    expect(preview.unknown).toEqual([]);
    expect(preview.parts).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'field', name: 'contact.first_name', text: 'Aroha' },
      { kind: 'text', text: ', job ' },
      { kind: 'field', name: 'job.number', text: '1042' },
      { kind: 'text', text: ' is booked.' },
    ]);
  });

  it('ignores filters', () => {
    expect(previewText(renderPreview('Job {{ job.number | upcase }} / {{job.number|append: "!"}}', SAMPLE))).toBe(
      'Job 1042 / 1042',
    );
  });

  it('keeps unknown fields as written and lists each once', () => {
    const preview = renderPreview('{{ job.nmber }} and {{ job.nmber }} and {{ }} for {{ job.number }}', SAMPLE);
    expect(previewText(preview)).toBe('{{ job.nmber }} and {{ job.nmber }} and {{ }} for 1042');
    expect(preview.unknown).toEqual(['job.nmber', '']);
    expect(preview.parts.filter((part) => part.kind === 'unknown')).toHaveLength(3);
  });

  it('leaves text without merge fields alone, line breaks included', () => {
    expect(renderPreview('Kia ora,\n\nThanks.', SAMPLE).parts).toEqual([{ kind: 'text', text: 'Kia ora,\n\nThanks.' }]);
    expect(renderPreview('', SAMPLE).parts).toEqual([]);
    expect(previewText(renderPreview('{ job.number } {{ job.number', SAMPLE))).toBe('{ job.number } {{ job.number');
  });

  it('does not read inherited properties as sample values', () => {
    expect(renderPreview('{{ constructor }}', SAMPLE).unknown).toEqual(['constructor']);
  });
});

describe('sample values and the picker', () => {
  it('have a sample for every merge field', () => {
    for (const field of MERGE_FIELDS) expect(SAMPLE_MERGE_VALUES[field.name]).toBeTruthy();
  });

  it('use the business’s own name when known', () => {
    expect(sampleValuesFor('Alpha Plumbing')['vendor.name']).toBe('Alpha Plumbing');
    expect(sampleValuesFor(null)['vendor.name']).toBe('Your business');
  });
});

describe('insertAt', () => {
  it('replaces the selection and puts the cursor after the snippet', () => {
    expect(insertAt('Hi , welcome', 3, 3, mergeTag('contact.first_name'))).toEqual({
      text: 'Hi {{ contact.first_name }}, welcome',
      cursor: 27,
    });
    expect(insertAt('Hi NAME!', 3, 7, '{{ x }}')).toEqual({ text: 'Hi {{ x }}!', cursor: 10 });
    expect(insertAt('abc', 10, 12, 'd')).toEqual({ text: 'abcd', cursor: 4 });
  });
});
