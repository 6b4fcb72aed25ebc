/**
 * Orderings of `items` in which every three of them appear, somewhere, in each of their six relative
 * orders (a sequence covering array of strength 3). A bug that needs three events in one order shows
 * in one of them, which random shuffles only make likely. Built greedily from shuffles that the seeded
 * `random` draws: each next ordering is the draw that covers the most orders not yet seen, so the
 * same seed gives the same orderings. Nine items need fifteen orderings, twelve nineteen.
 */
export function everyOrderOfThree<T>(items: readonly T[], random: () => number, drawsPerOrdering = 60): T[][] {
  const n = items.length;
  const uncovered = new Set<string>();
  forEachTriple(n, (a, b, c) => {
    for (const order of [
      `${a},${b},${c}`,
      `${a},${c},${b}`,
      `${b},${a},${c}`,
      `${b},${c},${a}`,
      `${c},${a},${b}`,
      `${c},${b},${a}`,
    ]) {
      uncovered.add(order);
    }
  });
  const orderings: number[][] = [];
  while (uncovered.size > 0) {
    let best: { ordering: number[]; covers: string[] } | undefined;
    for (let draw = 0; draw < drawsPerOrdering; draw++) {
      const ordering = shuffled(n, random);
      const covers = ordersIn(ordering).filter((order) => uncovered.has(order));
      if (!best || covers.length > best.covers.length) best = { ordering, covers };
    }
    if (!best) break;
    for (const order of best.covers) uncovered.delete(order);
    orderings.push(best.ordering);
  }
  return orderings.map((ordering) => ordering.map((index) => items[index] as T));
}

function forEachTriple(n: number, visit: (a: number, b: number, c: number) => void): void {
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) for (let c = b + 1; c < n; c++) visit(a, b, c);
}

/** The relative order of every three items in `ordering`, as "first,second,third" of their indexes. */
function ordersIn(ordering: number[]): string[] {
  const orders: string[] = [];
  forEachTriple(ordering.length, (i, j, k) => orders.push(`${ordering[i]},${ordering[j]},${ordering[k]}`));
  return orders;
}

/** The indexes 0…n-1 in a random order (Fisher–Yates). */
function shuffled(n: number, random: () => number): number[] {
  const indexes = Array.from({ length: n }, (_, index) => index);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [indexes[i], indexes[j]] = [indexes[j] as number, indexes[i] as number];
  }
  return indexes;
}
