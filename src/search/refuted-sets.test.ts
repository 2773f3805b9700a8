import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/naive.js';
import { RefutedSets } from './refuted-sets.js';

/** A sorted set of `n` codes below `size`. */
function randomSet(size: number, n: number, random: () => number): Int32Array {
  const picked = new Set<number>();
  while (picked.size < n) picked.add(Math.floor(random() * size));
  return Int32Array.from([...picked].sort((a, b) => a - b));
}

/** Whether some set of `kept` lies inside `set`, checked member by member. */
function plainHoldsOne(kept: Int32Array[], set: Int32Array): boolean {
  const members = new Set(set);
  return kept.some((one) => [...one].every((code) => members.has(code)));
}

describe('the sets refuted, found inside larger ones', () => {
  it('finds a set kept inside another exactly when one lies inside it', () => {
    const size = 300;
    const random = seededRandom(7);
    const store = new RefutedSets(size);
    const kept: Int32Array[] = [];
    const seen = { inside: 0, not: 0 };
    for (let round = 0; round < 400; round++) {
      if (round % 4 === 0) {
        const set = randomSet(size, 3 + Math.floor(random() * 12), random);
        store.add(set);
        kept.push(set);
      }
      // A set kept with others added (it lies inside), one with a member taken out, or any.
      const base = kept[Math.floor(random() * kept.length)];
      const extra = randomSet(size, Math.floor(random() * 40), random);
      const grown = Int32Array.from(new Set([...base, ...extra])).sort();
      const choice = round % 3;
      const query =
        choice === 0 ? grown : choice === 1 ? grown.filter((code) => code !== base[0]) : extra;
      const expected = plainHoldsOne(kept, query);
      if (expected) seen.inside++;
      else seen.not++;
      expect(store.holdsOne(query)).toBe(expected);
    }
    expect(seen.inside).toBeGreaterThan(50);
    expect(seen.not).toBeGreaterThan(50);
  });

  it('past its budget forgets what it kept, and never answers a set it does not hold', () => {
    const random = seededRandom(8);
    const store = new RefutedSets(100, 50);
    const kept: Int32Array[] = [];
    for (let round = 0; round < 200; round++) {
      const set = randomSet(100, 5 + Math.floor(random() * 10), random);
      store.add(set);
      kept.push(set);
      const query = randomSet(100, 10 + Math.floor(random() * 50), random);
      if (store.holdsOne(query)) expect(plainHoldsOne(kept, query)).toBe(true);
    }
    // Past the budget all is forgotten: a set no longer answers, one added since does.
    const small = new RefutedSets(100, 10);
    const first = Int32Array.from([1, 2, 3, 4, 5]);
    const second = Int32Array.from([10, 11, 12, 13, 14, 15]);
    small.add(first);
    expect(small.holdsOne(first)).toBe(true);
    small.add(second);
    expect(small.holdsOne(first)).toBe(false);
    expect(small.holdsOne(Int32Array.from([1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15]))).toBe(true);
  });
});
