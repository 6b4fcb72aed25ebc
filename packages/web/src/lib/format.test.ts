import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  LOCALES,
  parseTimestamp,
} from './format.ts';

describe('locale (default nz, English fallback)', () => {
  it('formats for New Zealand English, falling back to English', () => {
    expect(LOCALES).toEqual(['en-NZ', 'en']);
  });

  it('writes dates day first, as New Zealanders do', () => {
    const text = formatDate(new Date(2026, 3, 9, 14, 5));
    expect(text).toMatch(/^9 Apr 2026$/);
    expect(formatDateTime(new Date(2026, 3, 9, 14, 5))).toMatch(/^9 Apr 2026, 2:05\s?pm$/i);
  });

  it('formats numbers and money', () => {
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    expect(formatCurrency(49)).toBe('$49.00');
    expect(formatCents(16_583)).toBe('$165.83');
  });

  it('answers null for what does not parse', () => {
    expect(formatDateTime('not a date')).toBeNull();
    expect(parseTimestamp('not a date')).toBeNull();
    expect(parseTimestamp('')).toBeNull();
    expect(parseTimestamp(undefined)).toBeNull();
    expect(parseTimestamp('2026-04-01T00:00:00Z')).toBe(Date.UTC(2026, 3, 1));
  });
});
