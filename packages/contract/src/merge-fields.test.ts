import { describe, expect, it } from 'vitest';
import { mergeFieldNamesIn, suggestMergeField, unknownMergeFieldMessage } from './merge-fields.ts';

describe('mergeFieldNamesIn', () => {
  it('finds the variables of output tags, filters and tags, each once', () => {
    expect(
      mergeFieldNamesIn(
        'Hi {{ contact.first_name | capitalize }}, job {{job.number}} {{ job.number }}{% if job.total %}{{ job.total | default: vendor.name }}{% endif %}',
      ),
    ).toEqual(['contact.first_name', 'job.number', 'job.total', 'vendor.name']);
  });

  it('leaves out what the text sets itself, Liquid words, literals and quoted text', () => {
    expect(
      mergeFieldNamesIn(
        '{% assign who = contact.first_name %}{{ who }} {% for item in (1..2) %}{{ forloop.index }}{{ item.x }}{% endfor %}{{ "job.number" }}{{ true }}{{ 3.5 }}',
      ),
    ).toEqual(['contact.first_name']);
  });

  it('reports a bare name standing alone in an output tag', () => {
    expect(mergeFieldNamesIn('{{ jobnumber }} and {{ job }}')).toEqual(['jobnumber', 'job']);
  });
});

describe('suggestMergeField', () => {
  it.each([
    ['job.generated_job_id', 'job.number'],
    ['job.nubmer', 'job.number'],
    ['contact.firstname', 'contact.first_name'],
    ['company.name', 'client.name'],
    ['customer.name', 'client.name'],
    ['Job.Number', 'job.number'],
  ])('suggests %s → %s', (name, meant) => {
    expect(suggestMergeField(name)).toBe(meant);
  });

  it('suggests nothing for a name that is nowhere near a field', () => {
    expect(suggestMergeField('customer.vip')).toBeNull();
    expect(suggestMergeField('weather.today')).toBeNull();
  });

  it('says what is wrong in a sentence', () => {
    expect(unknownMergeFieldMessage('job.generated_job_id')).toBe(
      '{{ job.generated_job_id }} is not a merge field. Did you mean {{ job.number }}?',
    );
    expect(unknownMergeFieldMessage('weather.today')).toBe(
      '{{ weather.today }} is not a merge field. Use one of the fields in “Insert merge field”.',
    );
  });
});
