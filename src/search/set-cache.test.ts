import { describe, expect, it } from 'vitest';
import { SetCache } from './set-cache.js';

/** A pseudo-random set of `length` distinct codes below 8192, in order, from `seed`. */
function someSet(seed: number, length: number): Int32Array {
  const codes = new Set<number>();
  let x = seed * 2654435761 + 1;
  while (codes.size < length) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    codes.add(x % 8192);
  }
  return Int32Array.from([...codes].sort((a, b) => a - b));
}

describe('the cache of solved sets', () => {
  it('answers what it keeps exactly, by set and depth', () => {
    const cache = new SetCache();
    const a = someSet(1, 40);
    cache.set(a, 5, 1234, 7);
    cache.set(a, 9, 999, -1);
    expect(cache.guess(cache.find(a, 5))).toBe(7);
    expect(cache.cost(cache.find(a, 5))).toBe(1234);
    expect(cache.cost(cache.find(a, 9))).toBe(999);
    // A budget of at least as many guesses as secrets binds nothing: 40 and 200 are one entry.
    cache.set(a, 200, 555, 3);
    expect(cache.cost(cache.find(a, 40))).toBe(555);
    expect(cache.find(someSet(2, 40), 5)).toBe(-1);
    expect(cache.find(a.subarray(1), 5)).toBe(-1);
  });

  it('stays within its budget, forgetting the oldest, and never answers wrongly', () => {
    const budget = 2 * 2 ** 20;
    const cache = new SetCache(budget);
    const sets = 10_000;
    for (let i = 0; i < sets; i++) cache.set(someSet(i, 100 + (i % 50)), 6, i, i % 8192);
    expect(cache.bytes).toBeLessThanOrEqual(budget * 1.05);
    expect(cache.find(someSet(0, 100), 6)).toBe(-1);
    let kept = 0;
    for (let i = 0; i < sets; i++) {
      const entry = cache.find(someSet(i, 100 + (i % 50)), 6);
      if (entry < 0) continue;
      kept++;
      expect([cache.cost(entry), cache.guess(entry)]).toEqual([i, i % 8192]);
    }
    // 10,000 sets of about 125 codes are 1.25 million codes; each 1 MB generation holds about
    // 350,000, so the young one turned over three times: the oldest sets are forgotten.
    expect(kept).toBeGreaterThan(sets / 4);
    expect(kept).toBeLessThan(sets);
    expect(cache.find(someSet(sets - 1, 100 + ((sets - 1) % 50)), 6)).toBeGreaterThanOrEqual(0);
  });

  it('keeps what is still used: a hit in the old generation survives the next turnover', () => {
    // 15,000 sets of 120 codes: the young 512 KB generation turns over about ten times.
    const cache = new SetCache(2 ** 20);
    const used = someSet(12345, 64);
    cache.set(used, 6, 42, 1);
    for (let i = 0; i < 15_000; i++) {
      cache.set(someSet(i, 120), 6, i, 0);
      if (i % 250 === 0) expect(cache.cost(cache.find(used, 6))).toBe(42);
    }
    // It did turn over: the first of the others is forgotten.
    expect(cache.find(someSet(0, 120), 6)).toBe(-1);
  });
});
