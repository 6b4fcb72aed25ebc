import { describe, expect, it } from 'vitest';
import { slugify } from './content.ts';

describe('slugs', () => {
  it('are made from the title, the same on the server and in the editor', () => {
    expect(slugify('Connecting ServiceM8 — step 1!')).toBe('connecting-servicem8-step-1');
    expect(slugify("What's new in Automate 1.8")).toBe('what-s-new-in-automate-1-8');
    expect(slugify('  Café crème  ')).toBe('cafe-creme');
    expect(slugify('!!!')).toBe('');
    expect(slugify('a'.repeat(150))).toHaveLength(100);
  });
});
