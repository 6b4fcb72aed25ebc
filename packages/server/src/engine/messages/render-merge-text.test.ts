import { MERGE_FIELDS, type MergeFieldName } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { LIQUID_LIMITS } from './liquid-engine.ts';
import type { MergeValues } from './merge-values.ts';
import {
  checkMergeText,
  MergeTextError,
  mergeFieldsUsed,
  mergeRecordsUsed,
  renderMergeText,
} from './render-merge-text.ts';

const values: MergeValues = {
  'job.number': '1042',
  'job.status': 'Work Order',
  'job.address': '12 Queen Street, Auckland',
  'job.description': 'Replace the hot water cylinder',
  'job.work_done': 'Cylinder replaced',
  'job.date': '2026-03-14',
  'job.total': '1234.50',
  'job.po_number': 'PO-77',
  'client.name': 'Harbour Cafe Ltd',
  'client.address': '1 Quay St, Auckland',
  'contact.first_name': 'Mia',
  'contact.last_name': 'Tane',
  'contact.name': 'Mia Tane',
  'contact.email': 'mia@harbour.example',
  'contact.mobile': '021 555 0101',
  'staff.first_name': 'Sam',
  'staff.last_name': 'Sparks',
  'staff.name': 'Sam Sparks',
  'booking.date': 'Tuesday 17 March',
  'booking.time': '9:30 AM',
  'vendor.name': 'Bright Sparks <Electrical> & Co',
  'vendor.sender_name': 'Sam at Bright Sparks',
  'vendor.email': 'office@brightsparks.example',
  'vendor.website': 'brightsparks.example',
};

describe('renderMergeText', () => {
  it.each(MERGE_FIELDS.map((field) => field.name))('renders %s', (name) => {
    expect(renderMergeText(`[{{ ${name} }}]`, values)).toEqual({ text: `[${values[name]}]`, missing: [] });
  });

  it('renders a whole message with filters, as plain text (nothing escaped)', () => {
    const text =
      'Hi {{ contact.first_name }},\njob {{ job.number }} for {{ client.name | upcase }} is {{ job.status | downcase }}.\n— {{ vendor.name }}';
    expect(renderMergeText(text, values)).toEqual({
      text: 'Hi Mia,\njob 1042 for HARBOUR CAFE LTD is work order.\n— Bright Sparks <Electrical> & Co',
      missing: [],
    });
  });

  it('renders a missing value as empty and lists each missing field once, in order of appearance', () => {
    const { 'job.po_number': _po, 'contact.first_name': _first, ...some } = values;
    const result = renderMergeText(
      'Hi {{ contact.first_name }}! PO {{ job.po_number }} / {{ contact.first_name }} / {{ job.number }}',
      some,
    );
    expect(result).toEqual({ text: 'Hi ! PO  /  / 1042', missing: ['contact.first_name', 'job.po_number'] });
  });

  it('lets a text handle a missing value itself, and still reports it', () => {
    const result = renderMergeText('{% if job.po_number %}PO {{ job.po_number }}{% else %}No PO{% endif %}', {});
    expect(result).toEqual({ text: 'No PO', missing: ['job.po_number'] });
    expect(renderMergeText('{{ job.po_number | default: "none" }} {{ job.po_number | upcase }}.', {}).text).toBe(
      'none .',
    );
  });

  it('renders an unknown variable as empty and lists it as missing', () => {
    expect(renderMergeText('Job {{ job.nubmer }}.', values)).toEqual({ text: 'Job .', missing: ['job.nubmer'] });
  });

  it('reads own values only', () => {
    expect(renderMergeText('{{ job.constructor }}{{ job.number.constructor }}{{ job.__proto__ }}', values).text).toBe(
      '',
    );
  });

  it('throws a sentence for a syntax error', () => {
    expect(() => renderMergeText('Job {{ job.number ', values)).toThrow(MergeTextError);
    expect(() => renderMergeText('Job {{ job.number ', values)).toThrow(/^The text has a template error: /);
  });

  it.each([
    '{% include "package.json" %}',
    "{% render 'package.json' %}",
    '{% layout "package.json" %}x',
    '{% liquid\ninclude "/etc/passwd" %}',
  ])('refuses to read files: %s', (text) => {
    expect(() => renderMergeText(text, values)).toThrow(/cannot include other files/);
  });

  it('stops a loop that would run too long within the time limit, saying so', () => {
    const loop =
      '{% for i in (1..1000) %}{% for j in (1..1000) %}{% for k in (1..1000) %}x{% endfor %}{% endfor %}{% endfor %}';
    const started = performance.now();
    expect(() => renderMergeText(loop, values)).toThrow(
      'The text cannot be filled in: filling it in takes too long; loops inside loops repeat it too often.',
    );
    expect(performance.now() - started).toBeLessThan(LIQUID_LIMITS.renderLimit + 150);
  });

  it('stops sooner when asked for a shorter limit', () => {
    const loop = '{% for i in (1..1000) %}{% for j in (1..1000) %}{{ job.number }}{% endfor %}{% endfor %}';
    const started = performance.now();
    expect(() => renderMergeText(loop, values, { renderLimitMs: 10 })).toThrow(/takes too long/);
    expect(performance.now() - started).toBeLessThan(LIQUID_LIMITS.renderLimit);
  });

  it('stops a loop that would take too much memory', () => {
    expect(() => renderMergeText('{% for i in (1..100000000) %}x{% endfor %}', values)).toThrow(
      'The text cannot be filled in: filling it in makes it too large; loops inside loops repeat it too often.',
    );
  });
});

describe('checkMergeText', () => {
  it('accepts plain text, every merge field, filters, conditions and local variables', () => {
    expect(checkMergeText('Thanks for your business!')).toBeNull();
    expect(checkMergeText(MERGE_FIELDS.map((field) => `{{ ${field.name} }}`).join(' '))).toBeNull();
    expect(
      checkMergeText(
        '{% assign who = contact.first_name | default: "there" %}Hi {{ who | capitalize }}, {% if job.total %}total {{ job.total }}{% endif %}{% for i in (1..2) %}{{ forloop.index }}{% endfor %} {{ job["number"] }}',
      ),
    ).toBeNull();
  });

  it('names an unknown merge field and suggests the one meant', () => {
    expect(checkMergeText('Job {{ job.nubmer }}')).toBe(
      '{{ job.nubmer }} is not a merge field. Did you mean {{ job.number }}?',
    );
    expect(checkMergeText('Job {{ job.generated_job_id }}')).toBe(
      '{{ job.generated_job_id }} is not a merge field. Did you mean {{ job.number }}?',
    );
    expect(checkMergeText('{{ job }}')).toMatch(/^\{\{ job \}\} is not a merge field\./);
    expect(checkMergeText('{{ contact.name.first }}')).toMatch(
      /^\{\{ contact\.name\.first \}\} is not a merge field\./,
    );
    expect(checkMergeText('{% if customer.vip %}VIP{% endif %}')).toBe(
      '{{ customer.vip }} is not a merge field. Use one of the fields in “Insert merge field”.',
    );
  });

  it('reports a syntax error or an unknown filter', () => {
    expect(checkMergeText('Job {{ job.number ')).toMatch(/^The text has a template error: .*not closed/);
    expect(checkMergeText('{% if job.number %}open')).toMatch(/^The text has a template error: /);
    expect(checkMergeText('{{ job.number | shout }}')).toMatch(
      /^The text has a template error: undefined filter: shout/,
    );
  });

  it('refuses include, render and layout', () => {
    for (const tag of ['include', 'render', 'layout']) {
      expect(checkMergeText(`{% ${tag} "footer" %}`)).toMatch(
        new RegExp(`^The text has a template error: \\{% ${tag} %\\} cannot be used: texts cannot include other files`),
      );
    }
  });
});

describe('mergeFieldsUsed', () => {
  it('lists the merge fields a text uses, each once, in order of appearance', () => {
    const used: MergeFieldName[] = mergeFieldsUsed(
      'Hi {{ contact.first_name }}\n{% if job.po_number %}{{ job.po_number }}{% endif %} {{ job.nubmer }} {{ contact.first_name }}{{ vendor.name }}',
    );
    expect(used).toEqual(['contact.first_name', 'job.po_number', 'vendor.name']);
    expect(mergeFieldsUsed('{{ broken')).toEqual([]);
  });
});

describe('mergeRecordsUsed', () => {
  it('names the records a text reads from, however it reaches them', () => {
    expect(mergeRecordsUsed('Job {{ job.number }}')).toEqual(new Set(['job']));
    expect(
      mergeRecordsUsed(
        '{% if client.name %}{{ client["address"] }}{% endif %}{% assign who = staff %}{{ who.name }} {{ vendor.name | upcase }}',
      ),
    ).toEqual(new Set(['client', 'staff', 'vendor']));
    expect(mergeRecordsUsed('Thanks for your business.')).toEqual(new Set());
    expect(mergeRecordsUsed('{{ broken')).toEqual(new Set());
  });
});
