import { describe, expect, it } from 'vitest';
import { matchesFilter, parseFilter } from './filter.ts';

const known = (field: string) => ['status', 'active', 'edit_date', 'name', 'quantity'].includes(field);

describe('parseFilter', () => {
  it.each([
    ["status eq 'Work Order'", [{ field: 'status', operator: 'eq', value: 'Work Order' }]],
    ['active eq 1', [{ field: 'active', operator: 'eq', value: 1 }]],
    ["edit_date gt '2023-11-17 00:00:00'", [{ field: 'edit_date', operator: 'gt', value: '2023-11-17 00:00:00' }]],
    [
      "status ne 'Quote' and active eq 1",
      [
        { field: 'status', operator: 'ne', value: 'Quote' },
        { field: 'active', operator: 'eq', value: 1 },
      ],
    ],
    ["name eq 'Tom and Jerry''s'", [{ field: 'name', operator: 'eq', value: "Tom and Jerry's" }]],
    ["name eq 'two  spaces'", [{ field: 'name', operator: 'eq', value: 'two  spaces' }]],
    ['quantity lt -1.5', [{ field: 'quantity', operator: 'lt', value: -1.5 }]],
  ])('reads %s', (expression, conditions) => {
    expect(parseFilter(expression, known)).toEqual({ ok: true, conditions });
  });

  it.each([
    ["status ge 'Quote'", 'unsupported operator'],
    ["status le 'Quote'", 'unsupported operator'],
    ["status eq 'Quote' or active eq 1", 'combine with "and" only'],
    ['status eq Quote', 'must be a quoted string or a number'],
    ["Status eq 'Quote'", 'unknown field'],
    ["(status eq 'Quote')", 'is not a field name'],
    ["status eq 'Quote", 'expected <field> <operator> <value>'],
    ['', 'empty filter'],
    [Array.from({ length: 11 }, () => 'active eq 1').join(' and '), 'at most 10 conditions'],
  ])('refuses %s', (expression, reason) => {
    const parsed = parseFilter(expression, known);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });

  it('accepts exactly 10 conditions', () => {
    expect(parseFilter(Array.from({ length: 10 }, () => 'active eq 1').join(' and '), known).ok).toBe(true);
  });
});

describe('matchesFilter', () => {
  const record = { status: 'Work Order', active: 1, edit_date: '2024-05-01 10:00:00', quantity: '2.5' };
  it.each([
    [{ field: 'status', operator: 'eq', value: 'Work Order' }, true],
    [{ field: 'status', operator: 'eq', value: 'work order' }, false],
    [{ field: 'status', operator: 'ne', value: 'Quote' }, true],
    [{ field: 'active', operator: 'eq', value: 1 }, true],
    [{ field: 'active', operator: 'eq', value: '1' }, true],
    [{ field: 'quantity', operator: 'gt', value: 2 }, true],
    [{ field: 'quantity', operator: 'lt', value: 2 }, false],
    [{ field: 'edit_date', operator: 'gt', value: '2024-04-30 23:59:59' }, true],
    [{ field: 'edit_date', operator: 'lt', value: '2024-05-01 10:00:00' }, false],
  ] as const)('%o → %s', (condition, expected) => {
    expect(matchesFilter(record, [condition])).toBe(expected);
  });

  it.each([
    [{ field: 'status', operator: 'eq', value: 'work order' }, true],
    [{ field: 'status', operator: 'ne', value: 'WORK ORDER' }, false],
    [{ field: 'status', operator: 'gt', value: 'work' }, true],
    [{ field: 'status', operator: 'eq', value: 'work orders' }, false],
  ] as const)('regardless of case (textComparison: case-insensitive): %o → %s', (condition, expected) => {
    expect(matchesFilter(record, [condition], 'fold')).toBe(expected);
  });
});
