/**
 * The first half of the static search by colour sets (static-colours.ts): which colours each
 * guess of a set uses, before where. A set of guesses without repetition is, colours alone, a
 * family of `size` colour sets of `pegs` colours each; every set of `pegs` colours X then has a
 * profile (how many of the family's sets share 0, 1, … colours with X), and a family with one
 * profile that can never tell X's arrangements apart (hit-profiles.ts) holds no identifying set,
 * however its guesses are arranged. This module lists the families that pass for every X, one
 * per orbit of colour renamings: families grow a colour set at a time, kept only while every X
 * can still be completed and only one of each orbit (a canonical form of the colour-by-set
 * incidence); the last two colour sets are added as a pair, and the families they complete are
 * put in canonical form only when they pass.
 */
import type { HitProfiles } from './hit-profiles.js';

/** What `colourFamilies` reports as it goes. */
export interface FamilyProgress {
  /** Families of all but the last two colour sets searched, and how many there are. */
  readonly done: number;
  readonly of: number;
  /** Families found so far. */
  readonly found: number;
}

/** Bits set in a small mask. */
export function bitCount(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count++;
  return count;
}

/** Every set of `pegs` of `colors` colours, as a mask, in increasing order. */
export function colourSets(colors: number, pegs: number): number[] {
  const sets: number[] = [];
  for (let mask = 0; mask < 1 << colors; mask++) if (bitCount(mask) === pegs) sets.push(mask);
  return sets;
}

/**
 * The canonical form of a family (its colour sets' masks) under renaming colours and reordering
 * the sets: each colour's row of bits, one per set, the rows sorted, least over every order of
 * the sets that lists them by an invariant (what each set shares with the others, and how many
 * sets hold each of its colours), ties taken every way.
 */
function familyKey(family: readonly number[], colors: number): string {
  const size = family.length;
  const degree = new Int32Array(colors);
  for (const set of family) for (let c = 0; c < colors; c++) if (set & (1 << c)) degree[c]++;
  const invariants = family.map((set) => {
    const shared = family.map((other) => bitCount(set & other)).sort((a, b) => a - b);
    const degrees: number[] = [];
    for (let c = 0; c < colors; c++) if (set & (1 << c)) degrees.push(degree[c]);
    return `${shared.join('.')}/${degrees.sort((a, b) => a - b).join('.')}`;
  });
  const places = family
    .map((_, s) => s)
    .sort((a, b) => (invariants[a] < invariants[b] ? -1 : invariants[a] > invariants[b] ? 1 : 0));
  const wanted = places.map((s) => invariants[s]);
  const rows = new Int32Array(colors);
  const order: number[] = [];
  const used = new Uint8Array(size);
  let best: Int32Array | undefined;
  const next = (): void => {
    if (order.length === size) {
      rows.fill(0);
      for (let k = 0; k < size; k++) {
        const set = family[order[k]];
        for (let c = 0; c < colors; c++) if (set & (1 << c)) rows[c] |= 1 << k;
      }
      rows.sort();
      if (!best) best = rows.slice();
      else {
        let c = 0;
        while (c < colors && rows[c] === best[c]) c++;
        if (c < colors && rows[c] < best[c]) best.set(rows);
      }
      return;
    }
    const invariant = wanted[order.length];
    for (let s = 0; s < size; s++) {
      if (used[s] || invariants[s] !== invariant) continue;
      used[s] = 1;
      order.push(s);
      next();
      order.pop();
      used[s] = 0;
    }
  };
  next();
  return `${wanted.join('|')}#${best!.join(',')}`;
}

/**
 * The families of `size` colour sets of `profiles.pegs` of `colors` colours in which every set of
 * colours has a feasible profile, one per orbit of colour renamings (each as its sets' masks).
 */
export function colourFamilies(
  colors: number,
  profiles: HitProfiles,
  onProgress?: (progress: FamilyProgress) => void,
): number[][] {
  const { pegs, size, profileDigit, feasible, extendable } = profiles;
  const sets = colourSets(colors, pegs);
  const count = sets.length;
  // The profile each colour set adds to each X's.
  const adds = sets.map((set) => Int32Array.from(sets, (x) => profileDigit(bitCount(set & x))));
  const profileOf = (family: readonly number[], x: number): number =>
    family.reduce((sum, s) => sum + adds[s][x], 0);
  const completable = (family: readonly number[]): boolean =>
    sets.every((_, x) => extendable[profileOf(family, x)]);
  // Families of all but the last two sets (or of one), one per orbit, grown a set at a time.
  const grown = Math.max(1, size - 2);
  let families: number[][] = [[0]];
  for (let length = 2; length <= grown; length++) {
    const seen = new Map<string, number[]>();
    for (const family of families) {
      for (let s = 0; s < count; s++) {
        const longer = [...family, s];
        const key = familyKey(
          longer.map((i) => sets[i]),
          colors,
        );
        if (!seen.has(key) && completable(longer)) seen.set(key, longer);
      }
    }
    families = [...seen.values()];
  }
  const found = new Map<string, number[]>();
  const profilesAt = Array.from({ length: size - grown + 1 }, () => new Int32Array(count));
  let lastFailed = 0;
  /** Adds `left` more sets, from set `from` on, to `family`, whose profiles are `at`. */
  const complete = (family: number[], from: number, left: number, at: Int32Array): void => {
    if (left === 0) {
      if (!at.every((profile) => feasible[profile] === 1)) return;
      const whole = family.map((i) => sets[i]);
      const key = familyKey(whole, colors);
      if (!found.has(key)) found.set(key, whole);
      return;
    }
    const table = left === 1 ? feasible : extendable;
    const next = profilesAt[left - 1];
    for (let s = from; s < count; s++) {
      const adding = adds[s];
      if (!table[at[lastFailed] + adding[lastFailed]]) continue;
      let fits = true;
      for (let x = 0; x < count; x++) {
        next[x] = at[x] + adding[x];
        if (!table[next[x]]) {
          fits = false;
          lastFailed = x;
          break;
        }
      }
      if (fits) complete([...family, s], s, left - 1, next);
    }
  };
  families.forEach((family, done) => {
    const at = profilesAt[size - grown];
    for (let x = 0; x < count; x++) at[x] = profileOf(family, x);
    complete(family, 0, size - grown, at);
    onProgress?.({ done: done + 1, of: families.length, found: found.size });
  });
  return [...found.values()];
}
