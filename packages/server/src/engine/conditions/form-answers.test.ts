import { describe, expect, it } from 'vitest';
import { readAnswerChoices, readAnswerDate, readAnswerNumber, readAnswerText } from './form-answers.ts';

describe('reading form answers', () => {
  it.each([
    { value: '5', number: 5 },
    { value: ' -2.5 ', number: -2.5 },
    { value: 7, number: 7 },
    { value: '1,250', number: 1250 },
    { value: '1,5', number: null },
    { value: 'five', number: null },
    { value: '', number: null },
    { value: null, number: null },
  ])('number of $value is $number', ({ value, number }) => {
    expect(readAnswerNumber(value)).toBe(number);
  });

  it.each([
    { value: '2025-03-31', date: '2025-03-31' },
    { value: '2025-03-31 08:00:00', date: '2025-03-31' },
    { value: '2025-03-31T08:00:00Z', date: '2025-03-31' },
    { value: '0000-00-00 00:00:00', date: null },
    { value: '2025-13-01', date: null },
    { value: '31/03/2025', date: null },
    { value: '2025-03-311', date: null },
    { value: undefined, date: null },
  ])('date of $value is $date', ({ value, date }) => {
    expect(readAnswerDate(value)).toBe(date);
  });

  it.each([
    { value: ['A', ' B ', ''], choices: ['A', 'B'] },
    { value: '["A","B"]', choices: ['A', 'B'] },
    { value: 'A\nB', choices: ['A', 'B'] },
    { value: 'A; B | C, D', choices: ['A', 'B', 'C', 'D'] },
    { value: '[not json', choices: ['[not json'] },
    { value: '', choices: [] },
    { value: null, choices: [] },
  ])('choices of $value are $choices', ({ value, choices }) => {
    expect(readAnswerChoices(value)).toEqual(choices);
  });

  it('reads text from lists, numbers and booleans', () => {
    expect(readAnswerText(['A', 'B'])).toBe('A, B');
    expect(readAnswerText(3)).toBe('3');
    expect(readAnswerText(true)).toBe('true');
    expect(readAnswerText(undefined)).toBe('');
  });
});
