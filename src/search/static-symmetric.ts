/**
 * Identifying sets that one symmetry of the game maps onto themselves: an upper bound on the
 * fewest static guesses found by exhaustive search of a far smaller space than all sets.
 *
 * A symmetry σ of the game (a position permutation with a colour renaming: symmetry.ts) moves
 * codes in orbits. A set of guesses that σ maps onto itself is a union of whole orbits, so the
 * sets of k guesses it allows are the ways to fill k with orbits: for Bulls and Cows and a σ of
 * order 6, a few thousand where all sets of 8 number 10²⁵. Each such space is searched to its
 * end, depth first, orbit by orbit, under the capacity bound of static.ts (r guesses left tell
 * apart at most M(r) secrets of a class), the last orbit's codes tested together, up to the
 * first two secrets they leave confused. Every kind of σ is tried (the cycle lengths of its two
 * permutations: elements of one kind are conjugate, so their sets are images of one another),
 * each way to fill k in turn, the smallest spaces first, until a set is found or the effort
 * runs out.
 *
 * Where it helps: Bulls and Cows's set of 8 is invariant under a σ of order 6 (a colour
 * permutation of cycles 6, 2, 2 with a 3-cycle of positions), in a space of about 10,000 sets,
 * where the local search (static-local.ts) takes minutes. It proves nothing: a size it fails at
 * may still have sets no symmetry keeps, which is the exact search's to settle.
 */
import type { Game } from '../game.js';
import { binomial } from '../scorer.js';
import type { Symmetry } from '../stabilizer.js';
import { imageTable } from '../symmetry.js';
import { Marks, prepare, splitClasses } from './static-tables.js';

/** How long `symmetricStaticSet` searches. */
export interface SymmetricSearchOptions {
  /** At most about this many answer lookups (an effort the same on every machine). */
  readonly lookups?: number;
  /** A `Date.now()` time at which to stop. */
  readonly deadline?: number;
}

/** What a search of symmetric sets found. */
export interface SymmetricSearchResult {
  /** An identifying set of the size asked for, in code order, if one was found. */
  readonly guesses?: number[];
  /** The symmetry that maps it onto itself. */
  readonly symmetry?: Symmetry;
  /** The spaces (one kind of symmetry, one way to fill the size with orbits) searched to the end. */
  readonly spaces: number;
  /** Answer lookups spent. */
  readonly lookups: number;
}

/** The ways to write `n` as a sum of parts of at most `largest`, largest first. */
function partitions(n: number, largest = n): number[][] {
  if (n === 0) return [[]];
  const ways: number[][] = [];
  for (let part = Math.min(n, largest); part >= 1; part--) {
    for (const rest of partitions(n - part, part)) ways.push([part, ...rest]);
  }
  return ways;
}

/** A permutation of `n` items with cycles of `lengths`, each on consecutive items. */
function withCycles(lengths: readonly number[], n: number): Uint8Array {
  const permutation = new Uint8Array(n);
  let at = 0;
  for (const length of lengths) {
    for (let i = 0; i < length; i++) permutation[at + i] = at + ((i + 1) % length);
    at += length;
  }
  return permutation;
}

/** The orbits of the codes under one symmetry, by size: each orbit's codes, listed. */
function orbitsBySize(images: Int32Array, largest: number): Map<number, Int32Array[]> {
  const bySize = new Map<number, Int32Array[]>();
  const seen = new Uint8Array(images.length);
  const orbit: number[] = [];
  for (let code = 0; code < images.length; code++) {
    if (seen[code]) continue;
    orbit.length = 0;
    for (let c = code; !seen[c]; c = images[c]) {
      seen[c] = 1;
      orbit.push(c);
    }
    if (orbit.length > largest) continue;
    const list = bySize.get(orbit.length) ?? [];
    list.push(Int32Array.from(orbit));
    bySize.set(orbit.length, list);
  }
  return bySize;
}

/** One space to search: the orbits of one symmetry, and the orbit sizes that fill the set. */
interface Space {
  readonly symmetry: Symmetry;
  readonly orbits: Map<number, Int32Array[]>;
  /**
   * Orbit sizes summing to the set's size, in the order the search fills them: those with the
   * fewest orbits to choose from first, so that the many choices come last, where each costs a
   * test that ends at the first two secrets confused.
   */
  readonly parts: readonly number[];
  /** How many sets it holds. */
  readonly sets: number;
}

/** Every space of sets of `size` guesses, smallest first. */
function spaces(game: Game, size: number): Space[] {
  const all: Space[] = [];
  for (const colours of partitions(game.rules.colors)) {
    for (const positions of partitions(game.pegs)) {
      if (colours[0] === 1 && positions[0] === 1) continue; // the identity keeps every set
      const symmetry = {
        positions: withCycles(positions, game.pegs),
        colors: withCycles(colours, game.rules.colors),
      };
      const orbits = orbitsBySize(imageTable(game, symmetry), size);
      const count = (part: number): number => orbits.get(part)?.length ?? 0;
      for (const sizes of partitions(size)) {
        let sets = 1;
        for (const part of new Set(sizes)) {
          sets *= binomial(count(part), sizes.filter((p) => p === part).length);
        }
        if (sets < 1) continue;
        const parts = sizes.sort((a, b) => count(a) - count(b) || b - a);
        all.push({ symmetry, orbits, parts, sets });
      }
    }
  }
  return all.sort((a, b) => a.sets - b.sets);
}

/** Thrown through a space's search when the effort runs out. */
class OutOfEffort extends Error {}

/**
 * Looks for a set of `size` guesses that identifies every secret of `game` and that some
 * symmetry of the game maps onto itself, space by space, smallest first, until it finds one or
 * runs out of lookups or time.
 */
export function symmetricStaticSet(
  game: Game,
  size: number,
  options: SymmetricSearchOptions = {},
): SymmetricSearchResult {
  const ready = prepare(game);
  const { table, capacity } = ready;
  const n = game.size;
  const answers = game.answers;
  const limit = options.lookups ?? Number.POSITIVE_INFINITY;
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const marks = new Marks(n * answers);
  /** The secrets' classes after each number of guesses chosen, and the sizes of the classes. */
  const labels = Array.from({ length: size + 1 }, () => new Int32Array(n));
  const sizes = new Int32Array(n);
  /** A hash set of rows of answers, for the last orbit's test: its slots' stamps and keys. */
  const slots = 2 ** Math.ceil(Math.log2(4 * n));
  const slotMarks = new Marks(slots);
  const slotKeys = new Float64Array(slots);
  /** The most codes whose answers, with a class, make a number below 2^53 (`separates`). */
  const joint = Math.max(1, Math.floor((53 - Math.log2(n)) / Math.log2(answers)));
  const chosen: number[] = [];
  let lookups = 0;
  let checkedAt = 0;

  const spend = (count: number): void => {
    lookups += count;
    if (lookups > limit) throw new OutOfEffort();
    if (lookups - checkedAt > 1e7) {
      checkedAt = lookups;
      if (Date.now() >= deadline) throw new OutOfEffort();
    }
  };
  /**
   * Whether `orbit`'s codes, added to the classes of `level`, tell every secret apart: each
   * secret's class and answers as one number, in a hash set, up to the first number seen twice.
   */
  const separates = (level: number, orbit: Int32Array): boolean => {
    const from = labels[level];
    const { stamps } = slotMarks;
    const stamp = slotMarks.next();
    const mask = slots - 1;
    for (let s = 0; s < n; s++) {
      let key = from[s];
      for (let i = 0; i < orbit.length; i++) key = key * answers + table[orbit[i] * n + s];
      let slot = Math.imul((key >>> 0) ^ Math.floor(key / 2 ** 32), 0x9e3779b1) & mask;
      while (stamps[slot] === stamp) {
        if (slotKeys[slot] === key) {
          spend((s + 1) * orbit.length);
          return false;
        }
        slot = (slot + 1) & mask;
      }
      stamps[slot] = stamp;
      slotKeys[slot] = key;
    }
    spend(n * orbit.length);
    return true;
  };
  /** Splits the classes of `level` by `orbit`'s codes, into the levels after it; the classes. */
  const add = (level: number, orbit: Int32Array): number => {
    let classes = 0;
    for (let i = 0; i < orbit.length; i++) {
      classes = splitClasses(
        ready,
        marks,
        labels[level + i],
        orbit[i],
        labels[level + i + 1],
        sizes,
      );
      spend(n);
    }
    return classes;
  };
  /** Fills the set from part `k` on, at `level` guesses chosen; true when it is complete. */
  const fill = (space: Space, k: number, level: number, from: number): boolean => {
    const part = space.parts[k];
    const list = space.orbits.get(part)!;
    const last = k === space.parts.length - 1;
    const room = capacity[Math.min(size - level - part, capacity.length - 1)];
    for (let i = k > 0 && space.parts[k - 1] === part ? from : 0; i < list.length; i++) {
      const orbit = list[i];
      if (last) {
        const skip = Math.max(0, part - joint);
        if (skip > 0) add(level, orbit.subarray(0, skip));
        if (!separates(level + skip, orbit.subarray(skip))) continue;
      } else {
        const classes = add(level, orbit);
        let largest = 0;
        for (let c = 0; c < classes; c++) largest = Math.max(largest, sizes[c]);
        if (largest > room) continue;
      }
      chosen.push(...orbit);
      if (last || fill(space, k + 1, level + part, i + 1)) return true;
      chosen.length -= part;
    }
    return false;
  };

  let searched = 0;
  for (const space of spaces(game, size)) {
    try {
      chosen.length = 0;
      if (fill(space, 0, 0, 0)) {
        const guesses = [...chosen].sort((a, b) => a - b);
        return { guesses, symmetry: space.symmetry, spaces: searched, lookups };
      }
    } catch (error) {
      if (error instanceof OutOfEffort) break;
      throw error;
    }
    searched++;
  }
  return { spaces: searched, lookups };
}
