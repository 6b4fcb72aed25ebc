import { describe, expect, it } from 'vitest';
import { everyOrderOfThree } from './covering-orders.ts';

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('orderings that put every three items in each of their orders', () => {
  it.each([3, 5, 9, 12])('covers all six orders of every three of %i items, in a few orderings', (count) => {
    const items = Array.from({ length: count }, (_, index) => `event ${index}`);
    const orderings = everyOrderOfThree(items, seeded(42));
    const seen = new Set<string>();
    for (const ordering of orderings) {
      expect([...ordering].sort()).toEqual([...items].sort());
      for (let i = 0; i < count; i++)
        for (let j = i + 1; j < count; j++)
          for (let k = j + 1; k < count; k++) seen.add(`${ordering[i]}|${ordering[j]}|${ordering[k]}`);
    }
    const triples = (count * (count - 1) * (count - 2)) / 6;
    expect(seen.size).toBe(triples * 6);
    expect(orderings.length).toBeLessThanOrEqual(count === 3 ? 6 : 2 * count);
  });

  it('gives the same orderings from the same seed', () => {
    expect(everyOrderOfThree([1, 2, 3, 4, 5, 6], seeded(7))).toEqual(everyOrderOfThree([1, 2, 3, 4, 5, 6], seeded(7)));
  });
});
